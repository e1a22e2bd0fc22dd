import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { and, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { exclusive, rows, type Database } from "../db/db";
import { contentBlobs, contentRevisionFiles, contentRevisions } from "../db/schema";
import { FileMissing, keyPrefixes, LeadFiles, rowChunkBytes, rowStream, type BytesPlace, type PlacedFile } from "./files";

// The content history's store (decision 0093): a studio save's revision, its files before and after and
// its audit entry written by one statement (one transaction: the embedded database is reached by a
// message per query, decision 0041), read back for the desk, and thinned by the retention job.

/**
 * The advisory lock (server/db/db.ts `exclusive`) every content save holds on PostgreSQL, across
 * instances: its "before" read, its revision and its files written as one step (decision 0127).
 * The migrations' lock is 2_026_026.
 */
export const contentWriteLockKey = 2_026_048;

/**
 * Where a database's photos go (decision 0161, "Refined: the content photos' originals"): with
 * OBJECT_STORAGE_* the server names its bucket once at start (server/index.ts), and every save,
 * publish, restore, follower, history page and retention run on that database keeps and reads the
 * photos' bytes there; unnamed (the embedded default, the studio's own tests), in `content_blobs.bytes`.
 */
const blobPlaces = new WeakMap<Database, LeadFiles>();

/** With a bucket, this database's new photos go there (the leads' files' bucket: `content-blobs/` and 192 bits from the CSPRNG). */
export function keepContentBlobsIn(db: Database, files: LeadFiles): void {
  blobPlaces.set(db, files);
}

const blobFilesOf = (db: Database) => blobPlaces.get(db) ?? new LeadFiles();

/** The type a photo's object is stored with, from the first path that names it. */
const blobTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};
const blobTypeOf = (path: string) => blobTypes[/\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** Which of these photos the history keeps already (a row in `content_blobs`). */
async function keptHashes(db: Database, hashes: readonly string[]): Promise<Set<string>> {
  const known = await rows<{ sha256: string }>(
    db,
    sql`select sha256 from content_blobs where sha256 in (${sql.join(
      hashes.map((sha) => sql`${sha}`),
      sql`, `,
    )})`,
  );
  return new Set(known.map((row) => row.sha256));
}

/**
 * Where each new photo's bytes go: with a bucket, the photos not kept yet are written there first
 * (the revision's statement then names their keys: a row never names an object not yet written); a
 * bucket that fails keeps the bytes for the row (`npm run files:move-to-object-storage` moves them).
 */
async function placeBlobs(db: Database, blobs: ReadonlyMap<string, { bytes: Buffer; contentType: string }>): Promise<Map<string, PlacedFile>> {
  const files = blobPlaces.get(db);
  const placed = new Map<string, PlacedFile>();
  const unplaced = (sha: string, bytes: Buffer): PlacedFile => ({ content: bytes, objectKey: null, size: bytes.byteLength, sha256: sha });
  if (!files?.storage || blobs.size === 0) {
    for (const [sha, { bytes }] of blobs) placed.set(sha, unplaced(sha, bytes));
    return placed;
  }
  const kept = await keptHashes(db, [...blobs.keys()]);
  for (const [sha, { bytes, contentType }] of blobs)
    placed.set(sha, kept.has(sha) ? unplaced(sha, bytes) : await files.place({ content: bytes, contentType }, keyPrefixes.contentBlob));
  return placed;
}

/**
 * One side of a changed file: its text, its bytes (a photo: kept once per SHA-256), a photo the
 * history already keeps named by its SHA-256 alone (a restore's: copied by reference, its bytes
 * never read, decision 0177), a photo on disk named by its SHA-256 (the file a save replaces,
 * hashed as a stream: `onDisk` is its path; kept from there only if the history lacks it, decision
 * 0185), or absent.
 */
export type FileState = { text: string } | { bytes: Buffer; sha256: string } | { kept: string } | { onDisk: string; sha256: string } | null;

export type RevisionFile = { path: string; before: FileState; after: FileState };

export type RevisionActor = { id?: string; name: string; email?: string };

/** What a save changed: an entry of a collection or a singleton (keystatic.config.ts's key and the slug). */
export type RevisionEntry = { kind: "singleton" | "collection" | "files"; key: string; slug: string };

/**
 * "publish" (decision 0159) writes the published tree (its restore too, then with `restoredFrom`);
 * every other action writes the studio's working copy (CONTENT_DIR), "discard" putting a draft back
 * as it is published.
 */
export type RevisionAction = "create" | "update" | "delete" | "upload" | "restore" | "publish" | "discard";

export type NewRevision = {
  actor: RevisionActor;
  entry: RevisionEntry;
  action: RevisionAction;
  restoredFrom?: number;
  files: readonly RevisionFile[];
  /** The audit log's entry for this save (staff_audit), written with it; its target names the revision. */
  audit: { action: string; detail: Record<string, unknown> };
};

export type RevisionRow = typeof contentRevisions.$inferSelect;
export type RevisionFileRow = typeof contentRevisionFiles.$inferSelect;

const textOf = (state: FileState) => (state && "text" in state ? state.text : null);
const blobOf = (state: FileState) => (state === null || "text" in state ? null : "kept" in state ? state.kept : state.sha256);

/**
 * Keeps a file on disk in `content_blobs` rows without holding it whole in this process (decision
 * 0185): read in chunks, each its own row under `partial:<random>:<n>` (unnamed by any revision, so
 * one a crash leaves is removed by the retention's sweep), then one statement joins them into the
 * photo's row and deletes them. Joining once keeps the work linear (appending to one row would
 * rewrite it per chunk). The chunks are checked against `sha256` as they are read: a file that
 * changed since it was hashed throws, nothing kept. Each chunk is sent as base64 text: PGlite 0.5
 * encodes a bytea parameter some twenty times slower (4 MB: 8.4 s against 0.4 s, measured).
 */
async function keepFileInRows(db: Database, file: string, sha256: string, contentType: string): Promise<void> {
  const prefix = `partial:${randomBytes(12).toString("hex")}:`;
  const parts = sql`sha256 like ${`${prefix}%`}`;
  const hash = createHash("sha256");
  try {
    let n = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: rowChunkBytes }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      const key = `${prefix}${String(n++).padStart(8, "0")}`;
      await db.execute(
        sql`insert into content_blobs (sha256, bytes, size) values (${key}, decode(${chunk.toString("base64")}, 'base64'), ${chunk.byteLength})`,
      );
    }
    const read = hash.digest("hex");
    if (read !== sha256) throw new Error(`${file} changed while it was kept (its SHA-256 is now ${read}, not ${sha256})`);
    await db.execute(sql`with parts as (delete from content_blobs where ${parts} returning sha256, bytes, size)
      insert into content_blobs (sha256, bytes, size, content_type)
      select ${sha256}, coalesce(string_agg(bytes, ''::bytea order by sha256), ''::bytea), coalesce(sum(size), 0), ${contentType} from parts
      on conflict (sha256) do nothing`);
  } catch (error) {
    await db.execute(sql`delete from content_blobs where ${parts}`).catch(() => {});
    throw error;
  }
}

/**
 * The photos a save names on disk (its "before": `onDisk`) that the history does not keep yet,
 * kept now, streamed (decision 0185): with a bucket, put there from the file (`LeadFiles.placeFile`;
 * the revision's statement then writes their rows); else, or the bucket failing, written to rows in
 * chunks before the statement (returned in `inRows`, removed again if the statement fails). Photos
 * kept already (the usual case: every photo a save brought, revision zero's) are neither read nor sent.
 */
async function keepFilesOnDisk(
  db: Database,
  onDisk: ReadonlyMap<string, { file: string; contentType: string }>,
): Promise<{ placed: Map<string, PlacedFile & { contentType: string }>; inRows: string[] }> {
  const placed = new Map<string, PlacedFile & { contentType: string }>();
  const inRows: string[] = [];
  if (onDisk.size === 0) return { placed, inRows };
  const kept = await keptHashes(db, [...onDisk.keys()]);
  try {
    for (const [sha, { file, contentType }] of onDisk) {
      if (kept.has(sha)) continue;
      const place = await blobFilesOf(db).placeFile({ path: file, sha256: sha, contentType }, keyPrefixes.contentBlob);
      if (place) placed.set(sha, { ...place, contentType });
      else {
        await keepFileInRows(db, file, sha, contentType);
        inRows.push(sha);
      }
    }
  } catch (error) {
    await forgetUnnamedBlobs(db, inRows);
    await blobFilesOf(db).discard(
      db,
      [...placed.values()].flatMap((place) => (place.objectKey ? [place.objectKey] : [])),
    );
    throw error;
  }
  return { placed, inRows };
}

/** Deletes these photos' rows where no revision names them (kept for a save that was then refused). */
async function forgetUnnamedBlobs(db: Database, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .execute(
      sql`delete from content_blobs b where b.sha256 in (${sql.join(
        hashes.map((sha) => sql`${sha}`),
        sql`, `,
      )})
        and not exists (select 1 from content_revision_files f where f.before_blob = b.sha256)
        and not exists (select 1 from content_revision_files f where f.after_blob = b.sha256)`,
    )
    .catch(() => {});
}

/**
 * Stores a save's revision, its files (binary ones' bytes once per hash) and its audit entry in one
 * statement: all of it or nothing. Returns the revision's id and time. Throws when the database
 * refuses (down, full; a kept photo's hash no row has any more): the caller then writes no file.
 */
export async function recordRevision(db: Database, revision: NewRevision): Promise<{ id: number; at: Date }> {
  const { actor, entry, files, audit } = revision;
  const blobs = new Map<string, { bytes: Buffer; contentType: string }>();
  for (const file of files) {
    for (const state of [file.before, file.after])
      if (state && "bytes" in state && !blobs.has(state.sha256)) blobs.set(state.sha256, { bytes: state.bytes, contentType: blobTypeOf(file.path) });
  }
  const onDisk = new Map<string, { file: string; contentType: string }>();
  for (const file of files) {
    for (const state of [file.before, file.after])
      if (state && "onDisk" in state && !blobs.has(state.sha256)) onDisk.set(state.sha256, { file: state.onDisk, contentType: blobTypeOf(file.path) });
  }
  const fromDisk = await keepFilesOnDisk(db, onDisk);
  const placed = await placeBlobs(db, blobs).catch(async (error: unknown) => {
    await forgetUnnamedBlobs(db, fromDisk.inRows);
    throw error;
  });
  const blobValues = [
    ...[...blobs].map(([sha, { contentType }]) => ({ sha, place: placed.get(sha)!, contentType })),
    ...[...fromDisk.placed].map(([sha, place]) => ({ sha, place, contentType: place.contentType })),
  ].map(({ sha, place, contentType }) => sql`(${sha}::text, ${place.content}::bytea, ${place.size}::integer, ${place.objectKey}::text, ${contentType}::text)`);
  const fileValues = files.map(
    (file) => sql`(${file.path}::text, ${textOf(file.before)}::text, ${blobOf(file.before)}::text, ${textOf(file.after)}::text, ${blobOf(file.after)}::text)`,
  );
  const blobStep = blobValues.length
    ? sql`blobs as (insert into content_blobs (sha256, bytes, size, object_key, content_type) values ${sql.join(blobValues, sql`, `)} on conflict (sha256) do nothing),`
    : sql``;
  const fileStep = fileValues.length
    ? sql`files as (insert into content_revision_files (revision_id, path, before_text, before_blob, after_text, after_blob)
        select rev.id, f.path, f.before_text, f.before_blob, f.after_text, f.after_blob
        from rev, (values ${sql.join(fileValues, sql`, `)}) as f(path, before_text, before_blob, after_text, after_blob)),`
    : sql``;
  // After the statement, whatever its outcome, the objects no row names are removed (a photo another
  // save kept first, a refused save): the rows decide, as for a repeat's files.
  const written = [...placed.values(), ...fromDisk.placed.values()].flatMap((place) => (place.objectKey ? [place.objectKey] : []));
  const [row] = await rows<{ id: number | string; at: string | Date }>(
    db,
    sql`with rev as (
        insert into content_revisions (actor_id, actor_name, actor_email, entry_kind, entry_key, entry_slug, action, restored_from)
        values (${actor.id ?? null}::text, ${actor.name}, ${actor.email ?? null}::text, ${entry.kind}, ${entry.key}, ${entry.slug}, ${revision.action}, ${revision.restoredFrom ?? null}::bigint)
        returning id, at),
      ${blobStep}
      ${fileStep}
      audit as (insert into staff_audit (actor_id, actor_email, action, target, detail)
        select ${actor.id ?? null}::text, ${actor.email ?? actor.name}, ${audit.action}, 'revision:' || rev.id, ${JSON.stringify(audit.detail)}::jsonb from rev)
      select id, at from rev`,
  )
    .catch(async (error: unknown) => {
      await forgetUnnamedBlobs(db, fromDisk.inRows);
      throw error;
    })
    .finally(() => blobFilesOf(db).discard(db, written));
  return { id: Number(row!.id), at: new Date(row!.at) };
}

/** Removes a revision whose files could not be written after all (the save was rolled back on disk). */
export async function forgetRevision(db: Database, id: number): Promise<void> {
  await db.delete(contentRevisions).where(eq(contentRevisions.id, id));
}

export type RevisionFilter = {
  entry?: { key: string; slug: string };
  /** The name as recorded. */
  actor?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Revisions older than this id (the next page). */
  before?: number;
  limit?: number;
};

export type RevisionListItem = RevisionRow & { fileCount: number };

/** Newest first, filtered; at most `limit` (default 50). */
export async function listRevisions(db: Database, filter: RevisionFilter = {}): Promise<RevisionListItem[]> {
  const conditions: SQL[] = [];
  if (filter.entry) conditions.push(eq(contentRevisions.entryKey, filter.entry.key), eq(contentRevisions.entrySlug, filter.entry.slug));
  if (filter.actor) conditions.push(eq(contentRevisions.actorName, filter.actor));
  if (filter.from) conditions.push(gte(contentRevisions.at, filter.from));
  if (filter.to) conditions.push(lt(contentRevisions.at, filter.to));
  if (filter.before) conditions.push(lt(contentRevisions.id, filter.before));
  const found = await db
    .select({
      revision: contentRevisions,
      fileCount: sql<number | string>`(select count(*) from content_revision_files f where f.revision_id = ${contentRevisions.id})`,
    })
    .from(contentRevisions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(contentRevisions.id))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 200));
  return found.map(({ revision, fileCount }) => ({ ...revision, fileCount: Number(fileCount) }));
}

/** Everyone who has saved, as recorded, for the history's filter. */
export async function revisionActors(db: Database): Promise<string[]> {
  const found = await rows<{ actor_name: string }>(db, sql`select distinct actor_name from content_revisions order by actor_name limit 500`);
  return found.map((row) => row.actor_name);
}

/** A revision with its files (binary sides by hash; `blobs` reads their bytes); undefined when there is none. */
export async function readRevision(db: Database, id: number): Promise<{ revision: RevisionRow; files: RevisionFileRow[] } | undefined> {
  const [revision] = await db.select().from(contentRevisions).where(eq(contentRevisions.id, id));
  if (!revision) return undefined;
  const files = await db.select().from(contentRevisionFiles).where(eq(contentRevisionFiles.revisionId, id)).orderBy(contentRevisionFiles.path);
  return { revision, files };
}

/**
 * The bytes kept for these hashes: from their rows, or read from the bucket one after the other
 * (whole, as the rows' bytes were). Throws ObjectStorageError when the bucket cannot be reached and
 * FileMissing when it has no such object (never a file taken for deleted).
 */
export async function readBlobs(db: Database, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  if (hashes.length === 0) return new Map();
  const found = await db
    .select({ sha256: contentBlobs.sha256, bytes: contentBlobs.bytes, objectKey: contentBlobs.objectKey })
    .from(contentBlobs)
    .where(inArray(contentBlobs.sha256, [...new Set(hashes)]));
  const files = blobFilesOf(db);
  const read = new Map<string, Buffer>();
  for (const row of found) read.set(row.sha256, row.bytes ?? (await files.read({ content: null, objectKey: row.objectKey })));
  return read;
}

/** Where a photo kept in its row has its bytes (read by `rowStream`, decision 0189). */
const blobBytes: BytesPlace = { table: "content_blobs", id: "sha256", bytes: "bytes" };

/**
 * One kept photo's bytes as a stream, with its size: its row's a chunk at a time (`rowStream`), or
 * the bucket's object streamed as it arrives — never whole in memory; undefined when no row has this
 * hash. Throws as `readBlobs` does.
 */
export async function openBlob(db: Database, sha256: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | undefined> {
  const [row] = await rows<{ object_key: string | null; size: number | string; in_row: number | string | null }>(
    db,
    sql`select object_key, size, octet_length(bytes) as in_row from content_blobs where sha256 = ${sha256}`,
  );
  if (!row) return undefined;
  const size = Number(row.size);
  if (row.in_row !== null) return { body: rowStream(db, blobBytes, sha256, Number(row.in_row)), size };
  return { body: await blobFilesOf(db).open({ content: null, objectKey: row.object_key }), size };
}

/** A kept photo's bytes as a stream (`openBlob`); FileMissing when no row has this hash. */
export async function openKeptBlob(db: Database, sha256: string): Promise<ReadableStream<Uint8Array>> {
  const found = await openBlob(db, sha256);
  if (!found) throw new FileMissing();
  return found.body;
}

/** The entry of the retention's snapshots (decision 0177): kind "files", slug "working" or "published". */
export const snapshotEntryKey = "snapshot";

/**
 * The retention (decision 0095): deletes revisions saved before `cutoff`, except each entry's newest,
 * then the photo bytes no revision refers to any more (a photo in the bucket: its key queued in
 * `object_removals` by the same statement, removed by the retention job's sweep, decision 0161).
 *
 * Before it deletes anything, the same statement writes a **snapshot** of each tree (decision 0177):
 * one revision per tree (entry files:snapshot:working, action "upload"; files:snapshot:published,
 * action "publish", when the history has publishes) naming every path the history has ever named
 * with its newest state (a deleted file as absent), before = after, so that a follower replaying the
 * history from nothing — a new instance, or one down longer than the retention period — ends with
 * exactly the tree the history says, whatever the deleted revisions held; the snapshots before it
 * go (they say nothing the new one does not). Photos are named by hash: no bytes are copied, and a
 * photo still in a tree stays referenced. Under the content write lock (decision 0127), so no save
 * is between its "before" and its files while the snapshot reads the newest states.
 * Two statements: a blob a save takes up again meanwhile is protected by its reference (the delete
 * of a referenced blob fails, and is retried at the next run).
 */
export async function deleteRevisionsBefore(db: Database, cutoff: Date): Promise<{ revisions: number; blobs: number; snapshots: number[] }> {
  const [gone] = await exclusive(db, contentWriteLockKey, () =>
    rows<{ count: number | string; snapshots: string | null }>(
      db,
      sql`with doomed as (
          select r.id from content_revisions r
          where r.at < ${cutoff.toISOString()}::timestamptz
            and exists (select 1 from content_revisions n where n.entry_key = r.entry_key and n.entry_slug = r.entry_slug and n.id > r.id)),
        latest as (
          select distinct on (r.action = 'publish', f.path) (r.action = 'publish') as published, f.path, f.after_text, f.after_blob
          from content_revision_files f join content_revisions r on r.id = f.revision_id
          where exists (select 1 from doomed)
          order by r.action = 'publish', f.path, r.id desc),
        snap as (
          insert into content_revisions (actor_name, entry_kind, entry_key, entry_slug, action)
          select 'this machine', 'files', ${snapshotEntryKey}, case when published then 'published' else 'working' end, case when published then 'publish' else 'upload' end
          from (select distinct published from latest) trees order by published
          returning id, entry_slug),
        snap_files as (
          insert into content_revision_files (revision_id, path, before_text, before_blob, after_text, after_blob)
          select s.id, l.path, l.after_text, l.after_blob, l.after_text, l.after_blob
          from snap s join latest l on l.published = (s.entry_slug = 'published')),
        gone as (
          delete from content_revisions r
          where r.id in (select id from doomed)
            or (r.entry_kind = 'files' and r.entry_key = ${snapshotEntryKey} and r.entry_slug in (select entry_slug from snap))
          returning r.id)
        select (select count(*) from gone) as count, (select string_agg(id::text, ',' order by id) from snap) as snapshots`,
    ),
  );
  const [orphans] = await rows<{ count: number | string }>(
    db,
    sql`with gone as (
        delete from content_blobs b
        where not exists (select 1 from content_revision_files f where f.before_blob = b.sha256)
          and not exists (select 1 from content_revision_files f where f.after_blob = b.sha256)
        returning b.sha256, b.object_key),
      queued as (insert into object_removals (object_key) select object_key from gone where object_key is not null on conflict do nothing)
      select count(*) as count from gone`,
  );
  return {
    revisions: Number(gone?.count ?? 0),
    blobs: Number(orphans?.count ?? 0),
    snapshots: gone?.snapshots ? gone.snapshots.split(",").map(Number) : [],
  };
}

/**
 * When each of these files (paths as a save names them, content/faq/moq.mdoc) was last written in
 * the working copy by a recorded save, a restore or a discard (a publish writes the published tree,
 * not the text the editors work on): the translation report's "English saved after its translation" (decision 0165).
 */
export async function lastWrittenAt(db: Database, paths: readonly string[]): Promise<Map<string, Date>> {
  if (paths.length === 0) return new Map();
  const found = await db
    .select({ path: contentRevisionFiles.path, at: sql<Date | string>`max(${contentRevisions.at})` })
    .from(contentRevisionFiles)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentRevisionFiles.revisionId))
    // A retention's snapshot (decision 0177) writes nothing new: not a time a file was written.
    .where(
      and(
        inArray(contentRevisionFiles.path, [...paths]),
        sql`${contentRevisions.action} <> 'publish'`,
        sql`${contentRevisions.entryKey} <> ${snapshotEntryKey}`,
      ),
    )
    .groupBy(contentRevisionFiles.path);
  return new Map(found.map((row) => [row.path, new Date(row.at)]));
}

/**
 * Each file's text as it was at `since`, for those of `paths` written since (decision 0203): what the
 * first write after `since` found (its `before_text`), so a file made by hand and first saved after
 * is known too. Null for a file whose first write since recorded no text before it (created then,
 * or bytes); a path not written since is absent (its text on disk is still the one of `since`).
 */
export async function textsAt(db: Database, paths: readonly string[], since: Date): Promise<Map<string, string | null>> {
  if (paths.length === 0) return new Map();
  const found = await db
    .selectDistinctOn([contentRevisionFiles.path], { path: contentRevisionFiles.path, before: contentRevisionFiles.beforeText })
    .from(contentRevisionFiles)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentRevisionFiles.revisionId))
    // The working copy's writes, as lastWrittenAt counts them.
    .where(
      and(
        inArray(contentRevisionFiles.path, [...paths]),
        gt(contentRevisions.at, since),
        sql`${contentRevisions.action} <> 'publish'`,
        sql`${contentRevisions.entryKey} <> ${snapshotEntryKey}`,
      ),
    )
    .orderBy(contentRevisionFiles.path, contentRevisions.at, contentRevisions.id);
  return new Map(found.map((row) => [row.path, row.before]));
}
