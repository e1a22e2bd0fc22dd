import { mkdir, open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleProxy } from "drizzle-orm/pg-proxy";
import pg from "pg";
import { PgliteStartError, PgliteThread } from "./pglite-thread";
import { reasonOf } from "../platform/log-text";
import { projectFile } from "../platform/project-dir";

export type Database = PgDatabase<PgQueryResultHKT>;

export type LeadsDatabase = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data is, for the start-up log (never the password). */
  location: string;
  close(): Promise<void>;
  /** PGlite's own thread (pglite-thread.ts), for the tests of its crash; unset on PostgreSQL. */
  thread?: PgliteThread;
};

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /**
   * In memory (tests where a folder is not the point); `image` (a PGlite dumpDataDir tarball): start
   * from that database, e.g. one already migrated, instead of making one (seconds of CPU).
   */
  | { memory: true; image?: Uint8Array };

/**
 * Found from the source (server/db/db.ts) and from the server bundle (build/node/index.mjs)
 * alike: both sit two folders below the project.
 */
export const migrationsFolder = projectFile("server/db/migrations");

/** Any number of instances may start at once on one PostgreSQL: one migrates, the others wait. */
const migrationLockKey = 2_026_026;

export class MigrationError extends Error {}

/** The rows of a raw `db.execute` (node-postgres answers `{ rows }`, drizzle's pg-proxy the rows). */
export async function rows<T>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Opens the leads database and applies pending migrations: PostgreSQL at `databaseUrl`
 * (production, any number of instances), else PGlite in `dataDir` (the embedded default: one server
 * per folder). A failing migration throws a MigrationError; drizzle applies all pending migrations in
 * one transaction, so nothing is changed.
 */
export async function openLeadsDatabase(options: DatabaseOptions, migrations = migrationsFolder): Promise<LeadsDatabase> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl, migrations);
  return openPglite("dataDir" in options ? options.dataDir : undefined, migrations, "image" in options ? options.image : undefined);
}

async function migrateOrExplain(run: () => Promise<unknown>, where: string) {
  try {
    await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const cause = (error as { cause?: unknown }).cause;
    throw new MigrationError(
      `database migration failed on ${where}: ${reason}${cause instanceof Error ? ` (${cause.message})` : ""}. Nothing was changed: the pending migrations run in one transaction.`,
      { cause: error },
    );
  }
}

async function openPostgres(databaseUrl: string, migrations: string): Promise<LeadsDatabase> {
  const location = redact(databaseUrl);
  // A dedicated connection for the migration: the advisory lock belongs to the session.
  const migrator = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  migrator.on("error", () => {}); // a server going away mid-migration fails the query below
  await migrator.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migrateOrExplain(() => migrateNodePg(drizzleNodePg({ client: migrator }), { migrationsFolder: migrations }), location);
  } finally {
    await migrator.end().catch(() => {});
  }

  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // With the server down, a request fails in seconds (the visitor sees the failure message)
    // instead of waiting for a connection that will not come.
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
  });
  // A connection the server closes (restart, stop) is an error event: logged, never a crash. The
  // pool opens a new connection for the next query, so the site recovers by itself.
  pool.on("error", (error) => console.error("leads database: connection lost:", error.message));
  pool.on("connect", (client) => client.on("error", () => {}));
  return { db: drizzleNodePg({ client: pool }) as unknown as Database, kind: "postgres", location, close: () => pool.end() };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * PGlite runs in a worker thread of its own (pglite-thread.ts): on the HTTP thread its WebAssembly
 * took the time of every query from the requests. Drizzle's pg-proxy driver sends each query there,
 * so the store, the relay and the import run the same code as on PostgreSQL.
 */
async function openPglite(dataDir: string | undefined, migrations: string, image?: Uint8Array): Promise<LeadsDatabase> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => {};
  const pgliteDir = dataDir ? join(dataDir, "pglite") : undefined;
  try {
    if (pgliteDir) await mkdir(pgliteDir, { recursive: true });
    const thread = await PgliteThread.start({ pgliteDir, image, migrationsFolder: migrations }).catch((error: unknown) => {
      if (!(error instanceof PgliteStartError && error.migration)) throw error;
      throw new MigrationError(
        `database migration failed on ${pgliteDir ?? "an in-memory PGlite"}: ${error.message}. Nothing was changed: the pending migrations run in one transaction.`,
        { cause: error },
      );
    });
    const db = drizzleProxy(async (query, params, method) => ({ rows: await thread.query(query, params, method) })) as unknown as Database;
    return {
      db,
      kind: "pglite",
      location: pgliteDir ?? "memory",
      thread,
      close: async () => {
        await thread.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * PGlite is one process's database: a second server on the same folder would corrupt it. The lock
 * file holds the owner's pid; a lock left by a process that is gone (SIGKILL, power cut) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lock = join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(lock, "utf8").catch(() => ""));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `${dataDir} is in use by another server (pid ${owner}). One server per DATA_DIR; for more instances use DATABASE_URL (PostgreSQL). If no such server runs, delete ${lock}.`,
        );
      }
      await rm(lock, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The statement broke a unique constraint (SQLSTATE 23505) and stored nothing: a value a form carried
 * was already taken. PGlite and node-postgres both give the code, Drizzle on the error's cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null); e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

/** The lock could not be taken (the database did not answer): `work` did not run. */
export class ExclusiveLockError extends Error {}

const exclusiveQueues = new WeakMap<Database, Map<number, Promise<unknown>>>();

/**
 * Runs `work` while no other holder of `key` runs on this database: in this process one at a time
 * (every app on this Database), and on PostgreSQL across instances too, by a transaction-scoped
 * advisory lock on a connection of its own, held while `work` runs and released when it ends or
 * when the instance's connection goes (a killed instance never leaves it taken). PGlite is one
 * process's database (lockDataDir), so there the process's queue is every instance. Throws an
 * ExclusiveLockError when the lock cannot be taken; `work`'s own errors pass through. A commit that
 * fails after `work` finished changes nothing of what `work` did, so its result stands.
 */
export async function exclusive<T>(db: Database, key: number, work: () => Promise<T>): Promise<T> {
  let queues = exclusiveQueues.get(db);
  if (!queues) exclusiveQueues.set(db, (queues = new Map()));
  const turn = (queues.get(key) ?? Promise.resolve()).then(() => holding(db, key, work));
  queues.set(
    key,
    turn.catch(() => {}),
  );
  return turn;
}

async function holding<T>(db: Database, key: number, work: () => Promise<T>): Promise<T> {
  if (!(db instanceof NodePgDatabase)) return work();
  const outcome: { done?: { value: T } | { error: unknown } } = {};
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
      try {
        outcome.done = { value: await work() };
      } catch (error) {
        outcome.done = { error };
      }
    });
  } catch (error) {
    if (!outcome.done) throw new ExclusiveLockError(reasonOf(error), { cause: error });
  }
  const { done } = outcome;
  if (!done) throw new ExclusiveLockError("the lock was not taken");
  if ("error" in done) throw done.error;
  return done.value;
}

/** Empties every table (tests share one database per file). */
export async function truncateAll(db: Database): Promise<void> {
  await db.execute(
    sql`truncate lead_files, object_removals, lead_messages, mail_jobs, submission_keys, imports, reference_counters, inbound_cursors, scheduled_runs, lead_events, lead_reads, leads, content_revision_files, content_revisions, content_blobs, publish_requests restart identity cascade`,
  );
}

// A database failure in one line, for the log (decision 0106): beside the log's other rules, so
// the app's last-resort handler logs a failure the same way.
export { reasonOf };
