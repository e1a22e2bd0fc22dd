import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { exclusive, rows, type Database } from "../db/db";
import { contentWriteLockKey, openKeptBlob, recordRevision, type RevisionActor, type RevisionFile } from "../leads/content-history";
import { logLine, reasonOf } from "../platform/log-text";
import { stateOnDisk, treeFile, treeFiles, writeTreeFiles, type TreeFileWrite } from "./published-tree";

// More than one machine (decision 0162): with DATABASE_URL both trees of every instance — the
// studio's working copy (CONTENT_DIR) and the published tree (PUBLISHED_CONTENT_DIR) — follow the
// content history. Each tree has a cursor (the last revision applied to it, kept in a file of this
// instance); newer revisions' "after" files are written into the tree they belong to ("publish":
// the published tree; every other action: the working copy), under the content write lock
// (decision 0127), so a save in flight on another instance is never half seen. It runs at start
// (before the studio is served), on `NOTIFY content_revision` (sent by every save, publish and
// discard once its files are written) and every 30 s for a notification missed.

/** The channel a stored revision is announced on (its id as the payload). */
export const revisionChannel = "content_revision";
/** The publisher's new release is in the bucket (release-bucket.ts): `NOTIFY release, '<id>'`. */
export const releaseChannel = "release";

/** Tells every instance listening that release `id` is in the bucket, its pointer written. */
export async function announceRelease(db: Database, id: string): Promise<void> {
  await db.execute(sql`select pg_notify(${releaseChannel}, ${id})`);
}

/** What a save, publish or discard asks of the follower inside the content write lock. */
export type Following = {
  /** Applies the revisions this instance's trees lack (the caller holds the lock). */
  catchUpHeld(): Promise<unknown>;
  /** This instance stored revision `id` and wrote its files: its cursors move on, the others are told. */
  stored(id: number): Promise<void>;
};

/** What an instance's follower needs of its trees. */
export type FollowerOptions = {
  db: Database;
  /** The working copy (CONTENT_DIR). */
  workingDir: string;
  /** The published tree; none (no drafts): publish revisions have no tree here and are passed over. */
  publishedDir?: string;
  /** Where this instance keeps its trees' cursors (JSON, tree path → revision id): DATA_DIR/content-cursors.json. */
  cursorFile: string;
  log?: (message: string) => void;
};

/** A timer the follower and the election schedule on; tests pass their own (no real waiting). */
export type Schedule = (run: () => void, ms: number) => () => void;
export const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

type Cursors = Record<string, number>;
/** Files written into each tree by a catch-up. */
export type Written = { working: number; published: number };

/** The "revision zero" of an empty history: each tree as it is, before = after (restoring it changes nothing). */
const importActor: RevisionActor = { name: "this machine" };

export function contentFollower({ db, workingDir, publishedDir, cursorFile, log = (message) => console.log(message) }: FollowerOptions) {
  const trees = { working: resolve(workingDir), ...(publishedDir ? { published: resolve(publishedDir) } : {}) };
  let cursors: Cursors | undefined;

  const loadCursors = async (): Promise<Cursors> => {
    if (cursors) return cursors;
    const text = await readFile(cursorFile, "utf8").catch(() => "{}");
    try {
      const parsed = JSON.parse(text) as unknown;
      cursors = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Cursors) : {};
    } catch {
      cursors = {};
    }
    return cursors;
  };
  const cursorOf = async (tree: string) => (await loadCursors())[tree] ?? 0;
  const saveCursors = async (next: Cursors) => {
    cursors = next;
    await mkdir(dirname(cursorFile), { recursive: true });
    const partial = `${cursorFile}.${process.pid}.part`;
    await writeFile(partial, JSON.stringify(next));
    await rename(partial, cursorFile);
  };

  /**
   * A first start on an empty history (decision 0162): each tree imported as it is, one revision of
   * its files (before = after), so an instance that starts later on another checkout takes this one's
   * content. Held under the lock, so two instances starting at once import once.
   */
  const importIfEmpty = async (): Promise<boolean> => {
    const [any] = await rows<{ id: number | string }>(db, sql`select id from content_revisions limit 1`);
    if (any) return false;
    const parts: Array<{ tree: string; action: "upload" | "publish"; slug: string }> = [
      { tree: trees.working, action: "upload", slug: "working" },
      ...(trees.published ? [{ tree: trees.published, action: "publish" as const, slug: "published" }] : []),
    ];
    let last = 0;
    for (const { tree, action, slug } of parts) {
      // A photo is named by its hash, hashed as a stream, and kept from its file by `recordRevision`
      // (decision 0189: in the bucket, or in rows a chunk at a time), never read whole; text whole.
      const files: RevisionFile[] = [];
      for (const { path, file } of (await treeFiles(tree)).sort((x, y) => (x.path < y.path ? -1 : 1))) {
        const state = await stateOnDisk(file, path.includes("/media/"));
        if (state) files.push({ path, before: state, after: state });
      }
      const revision = await recordRevision(db, {
        actor: importActor,
        entry: { kind: "files", key: "import", slug },
        action,
        files,
        audit: { action: "content.import", detail: { tree: slug, files: files.length } },
      });
      last = revision.id;
    }
    const next = { ...(await loadCursors()) };
    for (const tree of Object.values(trees)) next[tree] = last;
    await saveCursors(next);
    log(`content: the history was empty; this instance's content is its first revision (${last})`);
    return true;
  };

  /** Applies every revision newer than a tree's cursor to that tree; the caller holds the content write lock. Returns how many files it wrote in each tree. */
  const catchUpHeld = async (): Promise<Written> => {
    const own = await loadCursors();
    const from = Math.min(...Object.values(trees).map((tree) => own[tree] ?? 0));
    const found = await rows<{ id: number | string; action: string; path: string | null; after_text: string | null; after_blob: string | null }>(
      db,
      sql`select r.id, r.action, f.path, f.after_text, f.after_blob
        from content_revisions r left join content_revision_files f on f.revision_id = r.id
        where r.id > ${from}::bigint order by r.id, f.path`,
    );
    const counts: Written = { working: 0, published: 0 };
    if (found.length === 0) return counts;
    const next = { ...own };
    let index = 0;
    while (index < found.length) {
      const id = Number(found[index]!.id);
      const action = found[index]!.action;
      // A photo is streamed from its row or the bucket into a temporary file, checked against its hash
      // and renamed (decision 0177): never held whole, and not written when the file there has that hash.
      const files: TreeFileWrite[] = [];
      for (; index < found.length && Number(found[index]!.id) === id; index++) {
        const { path, after_text: text, after_blob: blob } = found[index]!;
        if (path === null) continue;
        if (blob !== null && text === null) files.push({ path, sha256: blob, open: () => openKeptBlob(db, blob) });
        else files.push({ path, bytes: text !== null ? Buffer.from(text, "utf8") : null });
      }
      const tree = action === "publish" ? trees.published : trees.working;
      if (tree && id > (next[tree] ?? 0)) {
        // Only files whose bytes differ: a revision this instance wrote itself changes nothing (and wakes no watcher).
        const changed: typeof files = [];
        for (const file of files) {
          if ("open" in file) {
            changed.push(file); // compared by its hash as it is written
            continue;
          }
          const current = await treeFile(tree, file.path);
          if (current === null ? file.bytes !== null : file.bytes === null || !current.equals(file.bytes)) changed.push(file);
        }
        if (changed.length) counts[action === "publish" ? "published" : "working"] += await writeTreeFiles(tree, changed);
      }
      for (const name of Object.values(trees)) next[name] = Math.max(next[name] ?? 0, id);
    }
    await saveCursors(next);
    const written = counts.working + counts.published;
    if (written) log(`content: ${written} file${written === 1 ? "" : "s"} of newer revisions written (up to revision ${Math.max(...Object.values(next))})`);
    return counts;
  };

  let running: Promise<Written> | undefined;
  let again = false;
  /** Catches up under the content write lock; calls while one runs make one more run after it. */
  const catchUp = (): Promise<Written> => {
    if (running) {
      again = true;
      return running;
    }
    running = exclusive(db, contentWriteLockKey, catchUpHeld).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void catchUp().catch((error: unknown) => log(logLine`content: catching up with the history failed: ${reasonOf(error)}`));
      }
    });
    return running;
  };

  return {
    /** Held by a save (content-saves.ts, drafts.ts) inside the lock before it reads or checks anything: its copy first takes what it lacks. */
    catchUpHeld,
    catchUp,
    /**
     * A save, publish or discard of this instance wrote revision `id` (inside the lock, right after
     * `catchUpHeld`): both cursors move to it, and the other instances are told.
     */
    async stored(id: number): Promise<void> {
      const next = { ...(await loadCursors()) };
      for (const tree of Object.values(trees)) next[tree] = Math.max(next[tree] ?? 0, id);
      await saveCursors(next);
      await db.execute(sql`select pg_notify(${revisionChannel}, ${String(id)})`);
    },
    /** The last revision applied to each tree (tests, the start-up log). */
    cursors: async () => ({ working: await cursorOf(trees.working), ...(trees.published ? { published: await cursorOf(trees.published) } : {}) }),
    /**
     * At start: imports the trees when the history is empty, then catches up, both under the lock;
     * then follows the history: `LISTEN content_revision` on a connection of its own to
     * `databaseUrl` (reconnected after `pollMs` when it drops) and a catch-up every `pollMs` (30 s).
     * Resolves once the trees are caught up, so the studio is served after. `notified`: other
     * channels heard on the same connection (`release`: the bucket's pointer names a new release).
     */
    async start({
      databaseUrl,
      pollMs = 30_000,
      schedule = realSchedule,
      notified = {},
    }: {
      databaseUrl: string;
      pollMs?: number;
      schedule?: Schedule;
      notified?: Record<string, () => void>;
    }) {
      const written = await exclusive(db, contentWriteLockKey, async () => ((await importIfEmpty()) ? { working: 0, published: 0 } : catchUpHeld()));
      let stopped = false;
      let listener: pg.Client | undefined;
      let cancelPoll = () => {};
      let cancelReconnect = () => {};
      const caughtUp = () => catchUp().catch((error: unknown) => log(logLine`content: catching up with the history failed: ${reasonOf(error)}`));
      const poll = () => {
        cancelPoll = schedule(() => {
          void caughtUp().finally(() => {
            if (!stopped) poll();
          });
        }, pollMs);
      };
      const listen = async () => {
        if (stopped) return;
        const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
        const lost = () => {
          if (listener !== client) return;
          listener = undefined;
          void client.end().catch(() => {});
          if (stopped) return;
          cancelReconnect = schedule(() => void listen().then(caughtUp), pollMs);
        };
        client.on("error", lost);
        client.on("end", lost);
        client.on("notification", (message) => {
          if (message.channel === revisionChannel) void caughtUp();
          else if (Object.hasOwn(notified, message.channel)) notified[message.channel]!();
        });
        listener = client;
        try {
          await client.connect();
          for (const channel of [revisionChannel, ...Object.keys(notified)]) await client.query(`listen ${client.escapeIdentifier(channel)}`);
        } catch (error) {
          log(logLine`content: cannot listen for new revisions (${reasonOf(error)}); looking again in ${pollMs / 1000} s`);
          lost();
        }
      };
      await listen();
      poll();
      return {
        /** What the catch-up at start wrote into each tree (files). */
        written,
        /** Stops following (the listening connection closed). */
        async stop() {
          stopped = true;
          cancelPoll();
          cancelReconnect();
          const client = listener;
          listener = undefined;
          await client?.end().catch(() => {});
        },
      };
    },
  };
}

export type ContentFollower = ReturnType<typeof contentFollower>;
