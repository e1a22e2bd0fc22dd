import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { contentBlobs, contentRevisionFiles, contentRevisions } from "../db/schema";

// The content history's store (decision 0093): a studio save's revision, its files before and after and
// its audit entry written by one statement (one transaction: the embedded database is reached by a
// message per query, decision 0041), read back for the desk, and thinned by the retention job.

/**
 * The advisory lock (server/db/db.ts `exclusive`) every content save holds on PostgreSQL, across
 * instances: its "before" read, its revision and its files written as one step (decision 0127).
 * The migrations' lock is 2_026_026.
 */
export const contentWriteLockKey = 2_026_048;

/** One side of a changed file: its text, its bytes (a photo: kept once per SHA-256), or absent. */
export type FileState = { text: string } | { bytes: Buffer; sha256: string } | null;

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
const blobOf = (state: FileState) => (state && "bytes" in state ? state.sha256 : null);

/**
 * Stores a save's revision, its files (binary ones' bytes once per hash) and its audit entry in one
 * statement: all of it or nothing. Returns the revision's id and time. Throws when the database
 * refuses (down, full): the caller then writes no file.
 */
export async function recordRevision(db: Database, revision: NewRevision): Promise<{ id: number; at: Date }> {
  const { actor, entry, files, audit } = revision;
  const blobs = new Map<string, Buffer>();
  for (const file of files) {
    for (const state of [file.before, file.after]) if (state && "bytes" in state) blobs.set(state.sha256, state.bytes);
  }
  const blobValues = [...blobs].map(([sha, bytes]) => sql`(${sha}::text, ${bytes}::bytea, ${bytes.byteLength}::integer)`);
  const fileValues = files.map(
    (file) => sql`(${file.path}::text, ${textOf(file.before)}::text, ${blobOf(file.before)}::text, ${textOf(file.after)}::text, ${blobOf(file.after)}::text)`,
  );
  const blobStep = blobValues.length
    ? sql`blobs as (insert into content_blobs (sha256, bytes, size) values ${sql.join(blobValues, sql`, `)} on conflict (sha256) do nothing),`
    : sql``;
  const fileStep = fileValues.length
    ? sql`files as (insert into content_revision_files (revision_id, path, before_text, before_blob, after_text, after_blob)
        select rev.id, f.path, f.before_text, f.before_blob, f.after_text, f.after_blob
        from rev, (values ${sql.join(fileValues, sql`, `)}) as f(path, before_text, before_blob, after_text, after_blob)),`
    : sql``;
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
  );
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

/** The bytes kept for these hashes. */
export async function readBlobs(db: Database, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  if (hashes.length === 0) return new Map();
  const found = await db
    .select({ sha256: contentBlobs.sha256, bytes: contentBlobs.bytes })
    .from(contentBlobs)
    .where(inArray(contentBlobs.sha256, [...hashes]));
  return new Map(found.map((row) => [row.sha256, row.bytes]));
}

/**
 * The retention (decision 0095): deletes revisions saved before `cutoff`, except each entry's newest,
 * then the photo bytes no revision refers to any more. Two statements: a blob a save takes up again
 * meanwhile is protected by its reference (the delete of a referenced blob fails, and is retried at
 * the next run).
 */
export async function deleteRevisionsBefore(db: Database, cutoff: Date): Promise<{ revisions: number; blobs: number }> {
  const [gone] = await rows<{ count: number | string }>(
    db,
    sql`with gone as (
        delete from content_revisions r
        where r.at < ${cutoff.toISOString()}::timestamptz
          and exists (select 1 from content_revisions n where n.entry_key = r.entry_key and n.entry_slug = r.entry_slug and n.id > r.id)
        returning r.id)
      select count(*) as count from gone`,
  );
  const [orphans] = await rows<{ count: number | string }>(
    db,
    sql`with gone as (
        delete from content_blobs b
        where not exists (select 1 from content_revision_files f where f.before_blob = b.sha256)
          and not exists (select 1 from content_revision_files f where f.after_blob = b.sha256)
        returning b.sha256)
      select count(*) as count from gone`,
  );
  return { revisions: Number(gone?.count ?? 0), blobs: Number(orphans?.count ?? 0) };
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
    .where(and(inArray(contentRevisionFiles.path, [...paths]), sql`${contentRevisions.action} <> 'publish'`))
    .groupBy(contentRevisionFiles.path);
  return new Map(found.map((row) => [row.path, new Date(row.at)]));
}
