import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, inject, it as vitestIt } from "vitest";
import { openLeadsDatabase, truncateAll, type LeadsDatabase } from "../server/db/db";

/** The two drivers every storage test runs against: embedded PGlite and a real PostgreSQL server. */
export const drivers = ["PGlite", "PostgreSQL"] as const;
export type Driver = (typeof drivers)[number];

/** A new, empty database on the test PostgreSQL server (global-setup.ts): one per test file. */
export async function freshPostgresUrl(): Promise<string> {
  const serverUrl = inject("postgresUrl");
  // Only the isolated "node" project starts the server (vitest.config.ts, decision 0201).
  if (!serverUrl) throw new Error('No test PostgreSQL server in this project: a file that opens a database belongs to the "node" project');
  const name = `test_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on `driver`, migrated with `migrations` (the project's unless given). On PGlite with
 * the project's migrations, in memory from the migrated image global-setup.ts made once for the run:
 * the database a first start makes, without its seconds of CPU (the migrations then find nothing to do).
 */
export async function openTestDatabase(driver: Driver, migrations?: string): Promise<LeadsDatabase> {
  if (driver === "PostgreSQL") return openLeadsDatabase({ databaseUrl: await freshPostgresUrl() }, migrations);
  const image = migrations === undefined ? inject("pgliteImage") : undefined;
  return openLeadsDatabase({ memory: true, ...(image ? { image: await readFile(image) } : {}) }, migrations);
}

/**
 * One migrated database per test file (PGlite takes seconds to open), emptied before each test.
 * Read `.db` inside tests and hooks.
 */
export function testDatabasePerFile(driver: Driver = "PGlite") {
  const others: LeadsDatabase[] = [];
  let url: string | undefined;
  const handle = {
    /**
     * The same database as another server instance sees it: on PostgreSQL a pool of its own to it
     * (closed after the file); PGlite is one process's database, so there it is `db` itself.
     */
    async anotherInstance(): Promise<LeadsDatabase["db"]> {
      if (!url) return handle.db;
      const other = await openLeadsDatabase({ databaseUrl: url });
      others.push(other);
      return other.db;
    },
  } as { leads: LeadsDatabase; db: LeadsDatabase["db"]; anotherInstance(): Promise<LeadsDatabase["db"]> };
  beforeAll(async () => {
    if (driver === "PostgreSQL") url = await freshPostgresUrl();
    handle.leads = url ? await openLeadsDatabase({ databaseUrl: url }) : await openTestDatabase(driver);
    handle.db = handle.leads.db;
  }, 120_000);
  beforeEach(() => truncateAll(handle.db));
  afterAll(async () => {
    await Promise.all(others.splice(0).map((other) => other.close()));
    await handle.leads?.close();
  });
  return handle;
}

/**
 * Above the store the database is not the subject (decision 0143): inside a `describe.each(drivers)`
 * block, `const it = aboveTheStore(driver)` runs a test on PGlite and does not register it on PostgreSQL, and
 * `onBothDrivers` (Vitest's `it`) keeps on both the few tests whose subject is the database itself —
 * a driver's error, two instances at once, a trigger, a number's type. A block with no such test runs
 * on PGlite alone (`describe.each(["PGlite"] as const)`); server/desk-on-postgresql.test.ts walks the
 * desk end to end on PostgreSQL.
 */
export function aboveTheStore(driver: Driver): typeof vitestIt {
  return driver === "PGlite" ? vitestIt : notOnThisDriver;
}
/** `aboveTheStore` for a group: a `describe` whose tests are all above the store (Vitest refuses an empty one). */
export function groupAboveTheStore(driver: Driver): typeof describe {
  return driver === "PGlite" ? describe : (notOnThisDriver as unknown as typeof describe);
}
// Registers nothing, whatever is called on it (`it(…)`, `it.each(…)(…)`, `it.sequential(…)`): a test
// above the store is not PostgreSQL's, rather than a PostgreSQL test that is skipped.
const notOnThisDriver: typeof vitestIt = new Proxy(() => notOnThisDriver, { get: () => notOnThisDriver }) as unknown as typeof vitestIt;
export const onBothDrivers = vitestIt;
