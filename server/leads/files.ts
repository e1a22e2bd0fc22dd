import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { sql, type SQL } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { ObjectStorageError, unguessableKey, type ObjectStorage, type ObjectStorageWithFiles } from "../platform/object-storage";
import { reasonOf } from "../platform/log-text";

/**
 * The one store of the leads' files (`lead_files`: a resume, a quote's attachments, the files of a
 * conversation), with two places for the bytes (decision 0161): the row's `content` (the embedded
 * default, and any file that came while the bucket was down), or an object in the bucket
 * (OBJECT_STORAGE_*) under an unguessable key, the row keeping key, size, type and SHA-256.
 */

/** Where a new file's bytes go: `content` for the row, or the bucket's `objectKey`; its size and SHA-256 either way. */
export type PlacedFile = { content: Buffer | null; objectKey: string | null; size: number; sha256: string };

/** A stored file's bytes: in its row, or in the bucket under its key. */
export type StoredBytes = { content: Buffer | Uint8Array | null; objectKey: string | null };

/** The bucket holds no object under a row's key (removed by hand, or another bucket configured). */
export class FileMissing extends Error {
  constructor() {
    super("the file's object is missing from the bucket");
    this.name = "FileMissing";
  }
}

/**
 * The keys' prefixes, one per kind of bytes (decision 0161): a lead's file, a lead's `.eml`, a mail
 * job's own message, a sent quotation's PDF, a content photo's original (the content history's
 * `content_blobs`). Each followed by 192 bits from the CSPRNG.
 */
export const keyPrefixes = {
  leadFile: "lead-files/",
  leadMail: "lead-mail/",
  mailJob: "mail-jobs/",
  quotationPdf: "quotation-pdfs/",
  contentBlob: "content-blobs/",
} as const;
const keyPrefix = keyPrefixes.leadFile;

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export class LeadFiles {
  constructor(
    /** The bucket; none: every file's bytes in the database (the embedded default). */
    readonly storage?: ObjectStorage | ObjectStorageWithFiles,
    private readonly warn: (line: string) => void = (line) => console.warn(line),
  ) {}

  /**
   * A new file's place. With a bucket, the bytes go there first (the lead's row is written after,
   * so a stored row never names an object not yet written); a bucket that fails keeps the bytes for
   * the row instead (the lead is still acknowledged; `npm run files:move-to-object-storage` moves
   * them later). The form reader holds an upload in memory already (busboy into FormData): it is
   * sent from there, not copied.
   */
  async place(file: { content: Buffer; contentType: string }, prefix: string = keyPrefix): Promise<PlacedFile> {
    const size = file.content.byteLength;
    const sha256 = sha256Of(file.content);
    if (!this.storage) return { content: file.content, objectKey: null, size, sha256 };
    const objectKey = unguessableKey(prefix);
    try {
      await this.storage.put(objectKey, file.content, { contentType: file.contentType, sha256 });
      return { content: null, objectKey, size, sha256 };
    } catch (error) {
      this.warn(`${prefix === keyPrefix ? "A lead's file" : `A ${placeNames[prefix] ?? "file"}`} is kept in the database: ${reasonOf(error)}`);
      return { content: file.content, objectKey: null, size, sha256 };
    }
  }

  /**
   * A file on disk whose SHA-256 the caller has hashed as a stream (a photo a content save replaces,
   * decision 0185), placed as `place` places bytes but streamed from the file into the bucket
   * (`putFile`: never whole in memory; the bucket checks the bytes against the hash). Undefined when
   * its bytes must go to the database instead: no bucket (or a client that cannot stream a file from
   * disk: the tests' stand-ins that only put, get and delete), or a bucket that failed (warned, as `place`).
   */
  async placeFile(file: { path: string; sha256: string; contentType: string }, prefix: string = keyPrefix): Promise<PlacedFile | undefined> {
    if (!this.storage || !("putFile" in this.storage)) return undefined;
    const objectKey = unguessableKey(prefix);
    try {
      const { size } = await stat(file.path);
      await this.storage.putFile(objectKey, file.path, { contentType: file.contentType, sha256: file.sha256, size });
      return { content: null, objectKey, size, sha256: file.sha256 };
    } catch (error) {
      this.warn(`${prefix === keyPrefix ? "A lead's file" : `A ${placeNames[prefix] ?? "file"}`} is kept in the database: ${reasonOf(error)}`);
      return undefined;
    }
  }

  /** A message (a lead's `.eml`, a reply's) placed as a file is: in the bucket under `prefix`, else (none, or down) in the database. */
  placeMessage(eml: Buffer, prefix: string = keyPrefixes.leadMail): Promise<PlacedFile> {
    return this.place({ content: eml, contentType: "message/rfc822" }, prefix);
  }

  /** A sent quotation's PDF, placed as a file is (decision 0161). */
  placePdf(pdf: Buffer): Promise<PlacedFile> {
    return this.place({ content: pdf, contentType: "application/pdf" }, keyPrefixes.quotationPdf);
  }

  /**
   * Removes the objects of files whose lead was not written (a duplicate, a refused write). Only
   * keys no row names: a write whose answer was lost may have committed. Best effort: an object
   * left behind is unreachable bytes, never a lost file.
   */
  async discard(db: Database, keys: readonly string[]): Promise<void> {
    if (!this.storage || keys.length === 0) return;
    try {
      const list = sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      );
      const named = await rows<{ object_key: string }>(
        db,
        sql`select object_key from lead_files where object_key in (${list})
            union all select eml_key from leads where eml_key in (${list})
            union all select eml_key from mail_jobs where eml_key in (${list})
            union all select pdf_key from quotations where pdf_key in (${list})
            union all select object_key from content_blobs where object_key in (${list})`,
      );
      const kept = new Set(named.map((r) => r.object_key));
      for (const key of keys) if (!kept.has(key)) await this.storage.delete(key);
    } catch (error) {
      this.warn(`Unused objects were left in the bucket: ${reasonOf(error)}`);
    }
  }

  /**
   * A stored file's bytes as a stream: from its row, or streamed from the bucket as it arrives.
   * Throws ObjectStorageError when the bucket cannot be reached (the desk answers 503) and FileMissing
   * when it has no such object.
   */
  async open(stored: StoredBytes): Promise<ReadableStream<Uint8Array>> {
    if (stored.content) return new Blob([new Uint8Array(stored.content)]).stream();
    if (!stored.objectKey) throw new FileMissing();
    if (!this.storage) throw new ObjectStorageError("object storage: a file is in the bucket, but OBJECT_STORAGE_* is not set");
    const object = await this.storage.get(stored.objectKey);
    if (!object) throw new FileMissing();
    return object.body;
  }

  /**
   * A stored file's bytes whole, for what needs them whole: a PDF attached to a mail being composed
   * (the acceptance's confirmation). Throws as `open` does.
   */
  async read(stored: StoredBytes): Promise<Buffer> {
    if (stored.content) return Buffer.from(stored.content);
    return Buffer.from(await new Response(await this.open(stored)).arrayBuffer());
  }
}

const placeNames: Record<string, string> = {
  [keyPrefixes.leadMail]: "lead's message",
  [keyPrefixes.mailJob]: "mail's message",
  [keyPrefixes.quotationPdf]: "quotation's PDF",
  [keyPrefixes.contentBlob]: "content photo",
};

/**
 * Removes from the bucket the objects of deleted files (`object_removals`, queued by the statement
 * that deleted their rows: server/leads/deletion.ts), then their queue rows; the number removed. Run
 * by the retention job and the move command; one that fails stays queued for the next run.
 */
export async function removeQueuedObjects(db: Database, storage: ObjectStorage | undefined): Promise<number> {
  if (!storage) return 0;
  let removed = 0;
  for (;;) {
    const queued = await rows<{ object_key: string }>(db, sql`select object_key from object_removals order by queued_at, object_key limit 100`);
    if (queued.length === 0) return removed;
    for (const { object_key: key } of queued) {
      await storage.delete(key);
      await db.execute(sql`delete from object_removals where object_key = ${key}`);
      removed++;
    }
  }
}

/** How many bytes of a row one query reads (`rowStream`), or writes (`keepFileInRows`, server/leads/content-history.ts). */
export const rowChunkBytes = 2 * 1024 * 1024;

/** Where a row's bytes are: its table, the column naming the row, the `bytea` column (constants of this store, never input). */
export type BytesPlace = { table: string; id: string; bytes: string };

/**
 * The `length` bytes of one row's `bytea` column read as a stream (decisions 0189, 0192): one query
 * per `rowChunkBytes` slice (`substring`, sent as base64 text: PGlite encodes `bytea` slowly), each
 * asked for only when the stream's reader wants more, so this process holds a chunk or two, never
 * the row's bytes. The row gone meanwhile, or its bytes (moved to the bucket), ends the stream with
 * FileMissing; the reader checks the bytes against their hash.
 */
export function rowStream(db: Database, place: BytesPlace, id: number | string, length: number): ReadableStream<Uint8Array> {
  const [table, idColumn, bytesColumn] = [place.table, place.id, place.bytes].map((name) => sql.raw(`"${name}"`));
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset >= length) return controller.close();
        const [part] = await rows<{ part: string | null }>(
          db,
          sql`select encode(substring(${bytesColumn} from ${offset + 1}::integer for ${rowChunkBytes}::integer), 'base64') as part from ${table} where ${idColumn} = ${id}`,
        );
        if (!part?.part) throw new FileMissing();
        const chunk = Buffer.from(part.part, "base64");
        offset += chunk.byteLength;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
}

/** The size and SHA-256 (hex) of the bytes a stream gives, read as they come. */
async function digestOf(body: ReadableStream<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    hash.update(chunk.value);
    size += chunk.value.byteLength;
  }
  return { size, sha256: hash.digest("hex") };
}

export type MoveReport = { moved: number; failed: number; stopped: boolean };

/** What the move takes: a lead's file, a lead's `.eml`, a mail job's own message, a sent quotation's PDF, a content photo. */
export type MovedKind = "file" | "lead-mail" | "mail-job" | "quotation-pdf" | "content-blob";

/**
 * Where each kind's bytes, key, size and hash are (columns of migrations 0018, 0020 and 0021), the
 * column it is taken in order of (`id`: oldest first; a content photo: its SHA-256) and its key prefix.
 */
const movedPlaces: {
  kind: MovedKind;
  table: string;
  id: "id" | "sha256";
  bytes: string;
  key: string;
  size: string;
  sha256: string;
  contentType: SQL;
  prefix: string;
}[] = [
  {
    kind: "file",
    table: "lead_files",
    id: "id",
    bytes: "content",
    key: "object_key",
    size: "size",
    sha256: "sha256",
    contentType: sql.raw("content_type"),
    prefix: keyPrefixes.leadFile,
  },
  {
    kind: "lead-mail",
    table: "leads",
    id: "id",
    bytes: "eml",
    key: "eml_key",
    size: "eml_size",
    sha256: "eml_sha256",
    contentType: sql`'message/rfc822'`,
    prefix: keyPrefixes.leadMail,
  },
  {
    kind: "mail-job",
    table: "mail_jobs",
    id: "id",
    bytes: "eml",
    key: "eml_key",
    size: "eml_size",
    sha256: "eml_sha256",
    contentType: sql`'message/rfc822'`,
    prefix: keyPrefixes.mailJob,
  },
  {
    kind: "quotation-pdf",
    table: "quotations",
    id: "id",
    bytes: "pdf",
    key: "pdf_key",
    size: "pdf_size",
    sha256: "pdf_sha256",
    contentType: sql`'application/pdf'`,
    prefix: keyPrefixes.quotationPdf,
  },
  {
    kind: "content-blob",
    table: "content_blobs",
    // The primary key is the SHA-256: the update sets it to itself (bytes that differ from their hash stay put: below).
    id: "sha256",
    bytes: "bytes",
    key: "object_key",
    size: "size",
    sha256: "sha256",
    contentType: sql.raw("coalesce(content_type, 'application/octet-stream')"),
    prefix: keyPrefixes.contentBlob,
  },
];

/**
 * Moves the bytes still in the database to the bucket — the leads' files, then the leads' `.eml`,
 * the mail jobs' own messages, the sent quotations' PDFs and the content history's photos (decision
 * 0161) — oldest first (the photos: in their hashes' order), one at a
 * time: the bytes are read from the row a chunk at a time, hashed, then streamed under a new
 * unguessable key (`rowStream` twice, `putStream`: never whole in memory, decision 0192), read back
 * and checked (size and SHA-256), then one statement sets the key and clears the bytes, only if
 * the row still has them.
 * Stopped at any point (`signal`) and run again, it goes on with what is still in the database: each
 * is moved once (two movers at once: the second finds the bytes gone, by its read or its statement,
 * and removes its own copy). One that fails is left in the database, counted and reported; the next run tries it again.
 * A mail job being sent meanwhile is not disturbed: the relay's claim reads bytes or key in one statement.
 */
export async function moveFilesToObjectStorage(
  db: Database,
  storage: ObjectStorage,
  {
    signal,
    onMoved,
    onFailed,
  }: {
    signal?: AbortSignal;
    /** `id`: the row's id; a content photo's SHA-256. */
    onMoved?: (id: number | string, kind: MovedKind) => void;
    onFailed?: (id: number | string, reason: string, kind: MovedKind) => void;
  } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, failed: 0, stopped: false };
  for (const place of movedPlaces) {
    const [table, idColumn, bytesColumn, keyColumn, sizeColumn, shaColumn] = [place.table, place.id, place.bytes, place.key, place.size, place.sha256].map(
      (name) => sql.raw(`"${name}"`),
    );
    let after: number | string = place.id === "id" ? 0 : "";
    for (;;) {
      if (signal?.aborted) return { ...report, stopped: true };
      const [row] = await rows<{ id: number | string; content_type: string; length: number | string }>(
        db,
        sql`select ${idColumn} as id, ${place.contentType} as content_type, octet_length(${bytesColumn}) as length from ${table}
            where ${bytesColumn} is not null and ${idColumn} > ${after} order by ${idColumn} limit 1`,
      );
      if (!row) break;
      const id = place.id === "id" ? Number(row.id) : String(row.id);
      after = id;
      // Read from the row twice, a chunk at a time, never whole (decision 0192): once for the hash
      // the PUT must name first, once as the PUT's body, which the bucket checks against that hash.
      const bytes = () => rowStream(db, place, id, Number(row.length));
      const key = unguessableKey(place.prefix);
      let updating = false;
      try {
        const { size, sha256 } = await digestOf(bytes());
        // A content photo's row is named by its hash: one whose bytes are not it (a chunk of a save
        // still keeping a photo in rows, decision 0185) is left as it is, or the update would rename it.
        if (place.id === "sha256" && sha256 !== id) throw new Error("its bytes are not the SHA-256 that names it");
        await storage.putStream(key, () => Readable.fromWeb(bytes() as NodeReadableStream<Uint8Array>), { contentType: row.content_type, sha256, size });
        const check = await storage.get(key);
        if (!check) throw new Error("the object just written is not there");
        const read = await digestOf(check.body);
        if (read.size !== size || read.sha256 !== sha256) throw new Error("the object read back differs from the file");
        updating = true;
        const [moved] = await rows<{ id: number | string }>(
          db,
          sql`update ${table} set ${keyColumn} = ${key}, ${sizeColumn} = ${size}, ${shaColumn} = ${sha256}, ${bytesColumn} = null
              where ${idColumn} = ${id} and ${bytesColumn} is not null returning ${idColumn} as id`,
        );
        if (moved) {
          report.moved++;
          onMoved?.(id, place.kind);
        } else await storage.delete(key);
      } catch (error) {
        // Its bytes gone from the row while they were read (another mover took them, or the lead was
        // deleted): as the losing update above, not a failure; this mover's copy, if any, is removed.
        // Not once the update was sent: its answer lost, the row may name this copy.
        const gone =
          !updating &&
          (await rows(db, sql`select 1 from ${table} where ${idColumn} = ${id} and ${bytesColumn} is not null`).then(
            (found) => found.length === 0,
            () => false,
          ));
        if (gone) await storage.delete(key).catch(() => {});
        else {
          report.failed++;
          onFailed?.(id, reasonOf(error), place.kind);
        }
      }
    }
  }
  return report;
}
