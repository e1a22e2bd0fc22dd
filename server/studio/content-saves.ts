import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import type { Config } from "@keystatic/core";
import { getAllowedDirectories } from "@keystatic/core/api/utils";
import { parseDocument } from "yaml";
import { seenVersionsHeader } from "../../app/lib/contracts/publish-state";
import type { Database } from "../db/db";
import { exclusive, ExclusiveLockError, reasonOf } from "../db/db";
import {
  contentWriteLockKey,
  forgetRevision,
  openKeptBlob,
  recordRevision,
  type FileState,
  type RevisionAction,
  type RevisionActor,
  type RevisionEntry,
  type RevisionFile,
} from "../leads/content-history";
import { logLine } from "../platform/log-text";
import type { Following } from "../publish/content-follower";
import { openFile, stageStreamedFile, stateOf, stateOnDisk, writeTreeFiles, type StagedFile } from "../publish/published-tree";
import type { ContentEntries } from "./content-entries";
import { entrySchemaProblem, type RestoredFile } from "./entry-schema";
import type { StudioFiles } from "./studio-files";
import { fileGitBlobSha, type StudioTree } from "./studio-tree";
import { pathInContent, studioSaveProblem } from "./upload-limits";

// Every write of the studio's local mode goes through here (decision 0093): Keystatic's save from the
// studio and a restore from the desk's history alike, each checked by the content types as the build
// reads them (decision 0136). One save at a time on the history's database
// (every server on it, decision 0127): its files' "before" are read, its revision (with the audit
// entry) is stored, and only then are the files written; a revision that cannot be stored
// refuses the save with nothing written, and files that cannot be written are put back as they were
// and the revision is dropped. The files are written here, not by Keystatic's own `update`, which
// read every file of the project whole to answer (decision 0200); the studio answers a save with its
// tree (`studio-tree.ts`), once the save is done, outside its lock; a restore or an import needs no answer.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

/** Keystatic's save body: new contents (base64url) and deleted paths, relative to the API's base folder. */
export type SaveBody = { additions: Array<{ path: string; contents: string }>; deletions: Array<{ path: string }> };

export type SaveOutcome = { ok: true; revision?: { id: number; at: Date } } | { ok: false; status: 400 | 409 | 422 | 503; reason: string };

/** A file's hash as Keystatic's tree gives it (Git's blob hash). */
export const gitBlobSha = (bytes: Buffer) => createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");

/** The actor of a save before the first staff account exists (decision 0049: only this machine gets in). */
export const thisMachine: RevisionActor = { name: "this machine" };

export type ContentSaves = ReturnType<typeof contentSaves>;

/** The comment lines a YAML text opens with, as written (with the blank lines among them); "" when it opens with its data. */
function openingComment(text: string): string {
  const start = parseDocument(text).contents?.range?.[0] ?? text.length;
  const head = text.slice(0, start);
  return /^\s*#/.test(head) ? head : "";
}

/**
 * A YAML file as a save writes it (decision 0182): what the studio sent, after the comment the file
 * opened with. Keystatic writes a YAML file from its data (js-yaml's `dump`), so a file's top comment
 * (what the file is, which {slots} to keep: the language files' own notes) would go with the first
 * save; the rest of the file is written as the studio sent it, byte for byte. A text that opens with a
 * comment of its own keeps it.
 */
export function keepingOpeningComment(before: string | null, after: string): string {
  const comment = before === null ? "" : openingComment(before);
  return comment && !openingComment(after) ? `${comment}${after}` : after;
}

/**
 * A kept photo's stand-in for the schema check: the check reads an entry's data files, and an image
 * field's value is the photo's file name, so no photo's bytes are read (and none are fetched for it).
 */
const keptPhotoStandIn = Buffer.alloc(0);

const unrecorded = "This save could not be recorded in the content history (the database did not answer). Nothing was saved: try again in a moment.";

/** A photo's hash, whether its bytes are at hand or it is named by the hash alone (a kept photo, a file on disk). */
export const photoHash = (state: Exclude<FileState, null | { text: string }>) => ("kept" in state ? state.kept : state.sha256);

export const sameState = (a: FileState, b: FileState) =>
  a === null || b === null ? a === b : "text" in a ? "text" in b && a.text === b.text : !("text" in b) && photoHash(a) === photoHash(b);

/** The bytes of a file state (for writing it back); a photo named by its hash is streamed, never held (`writeStreamedFile`). */
export const bytesOf = (state: FileState): Buffer | null => {
  if (state === null) return null;
  if ("text" in state) return Buffer.from(state.text, "utf8");
  if (!("bytes" in state)) throw new Error("a photo named by its hash is written by its hash (writeStreamedFile), not from bytes");
  return state.bytes;
};

/** ASCII whitespace, which `atob` drops before it decodes. */
const asciiWhitespace = /[\t\n\f\r ]/g;

/**
 * Whether Keystatic's `update` decodes `contents` (its `base64UrlDecode`: `-` and `_` read as `+`
 * and `/`, then `atob`, the WHATWG forgiving-base64 decode): ASCII whitespace dropped, up to two `=`
 * ending a length divisible by four, no length of 4n + 1, nothing but the alphabet. Whatever it
 * takes, Buffer's base64url decoding reads as the same bytes; `atob` itself is slow in Node 20
 * (3.8 s for 10 MB, measured for decision 0200).
 */
export function keystaticDecodes(contents: string): boolean {
  let data = contents.replace(asciiWhitespace, "");
  if (data.length % 4 === 0) data = data.replace(/={1,2}$/, "");
  return data.length % 4 !== 1 && /^[A-Za-z0-9+/_-]*$/.test(data);
}

const onlyKeys = (value: object, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key));

/**
 * Why Keystatic's `update` would refuse this save, as it answers (decision 0200: the 400s of
 * `update` in @keystatic/core's dist/keystatic-core-api-generic.node.js, 0.6.9): without its headers
 * (its check against posts from other sites) "Bad Request"; a body that is not exactly additions
 * (path, base64 contents) and deletions (path), or a path with a backslash, a "." or ".." part, or
 * outside the folders the config names (`getAllowedDirectories`), "Bad data". Each word is followed
 * here by why, which the studio shows under its Save button. Checked before anything is decoded,
 * recorded or written. `body` has passed `studioSaveProblem` (arrays of objects with string paths).
 */
function keystaticRefusal(body: SaveBody, headers: Headers, allowed: readonly string[]): string | undefined {
  const nothing = "Nothing was saved.";
  if (headers.get("no-cors") !== "1" || headers.get("content-type") !== "application/json")
    return `Bad Request: a studio save is sent with the headers no-cors: 1 and Content-Type: application/json. ${nothing}`;
  const badData = (why: string) => `Bad data: ${why}. ${nothing}`;
  if (!onlyKeys(body, ["additions", "deletions"])) return badData("a save holds its additions and deletions, nothing else");
  const files = [...body.additions, ...body.deletions];
  if (!body.additions.every((addition) => onlyKeys(addition, ["path", "contents"])) || !body.deletions.every((deletion) => onlyKeys(deletion, ["path"])))
    return badData("each addition holds a path and its contents, each deletion a path, nothing else");
  const invalid = files.find(
    ({ path }) => path.includes("\\") || path.split("/").some((part) => part === "." || part === "..") || !allowed.some((folder) => path.startsWith(folder)),
  );
  if (invalid) return badData(`${JSON.stringify(invalid.path)} is not a path the studio writes`);
  const undecodable = body.additions.find(({ contents }) => !keystaticDecodes(contents));
  if (undecodable) return badData(`the contents of ${JSON.stringify(undecodable.path)} are not base64`);
  return undefined;
}

/**
 * A photo a restore writes back by its hash (decision 0177): the content history keeps it (its row's
 * bytes or the bucket's object), so the server copies it by reference, streamed into the file,
 * instead of receiving its bytes in the save's JSON body.
 */
export type KeptPhoto = { path: string; sha256: string };

/** A kept photo a save could not copy (`cause`: FileMissing, ObjectStorageError, ContentHashMismatch): nothing was written or recorded. */
export class KeptPhotoUnwritten extends Error {
  constructor(
    readonly path: string,
    readonly cause: unknown,
  ) {
    super(`${path} could not be written from the content history: ${reasonOf(cause)}`);
    this.name = "KeptPhotoUnwritten";
  }
}

/**
 * A save's photos named by their hash: a restore's kept photos (decision 0177), each streamed from the
 * history, and a publish's or a discard's photos on disk (decision 0189), each streamed from the
 * other tree's file, into a temporary file beside its place (`targetOf(path)`) and checked against
 * its hash, not yet renamed in. One that cannot be read or is not its hash throws KeptPhotoUnwritten,
 * the others' temporary files removed.
 */
export async function stageKeptPhotos(db: Database, changed: readonly RevisionFile[], targetOf: (path: string) => string): Promise<StagedFile[]> {
  const staged: StagedFile[] = [];
  try {
    for (const { path, after } of changed) {
      if (!after || !("kept" in after || "onDisk" in after)) continue;
      const streamed =
        "kept" in after ? { path, sha256: after.kept, open: () => openKeptBlob(db, after.kept) } : { path, sha256: after.sha256, open: openFile(after.onDisk) };
      const file = await stageStreamedFile(targetOf(path), streamed).catch((error: unknown) => {
        throw new KeptPhotoUnwritten(path, error);
      });
      if (file) staged.push(file);
    }
  } catch (error) {
    await Promise.all(staged.map((file) => file.discard()));
    throw error;
  }
  return staged;
}

/**
 * The files of a save, a restore, a publish or a discard, written after its revision was stored
 * (decisions 0127, 0159, 0177): its staged photos renamed in, then `write`. When either fails, every
 * changed file (`changed`, named from `treeDir`'s parent) is put back as it was — a photo by its
 * hash, streamed from the history, which keeps it by then (decision 0185) — the staged files
 * removed, the revision dropped and the error thrown; once written, the other instances are told.
 */
export async function writeAfterRevision<T>(
  options: { db: Database; follower?: Following; revision: number; treeDir: string; changed: readonly RevisionFile[]; staged: readonly StagedFile[] },
  write: () => Promise<T>,
): Promise<T> {
  const { db, follower, revision, treeDir, changed, staged } = options;
  let written: T;
  try {
    for (const file of staged) await file.commit();
    written = await write();
  } catch (error) {
    await writeTreeFiles(
      treeDir,
      changed.map(({ path, before }) =>
        before && !("text" in before) && !("bytes" in before)
          ? { path, sha256: photoHash(before), open: () => openKeptBlob(db, photoHash(before)) }
          : { path, bytes: bytesOf(before) },
      ),
    ).catch((failure: unknown) => console.error(logLine`studio: ${new Date()} putting back ${treeDir} after a failed write failed: ${reasonOf(failure)}`));
    await Promise.all(staged.map((file) => file.discard()));
    await forgetRevision(db, revision).catch(() => {});
    throw error;
  }
  await follower
    ?.stored(revision)
    .catch((error: unknown) => console.error(logLine`studio: ${new Date()} telling the other instances of revision ${revision} failed: ${reasonOf(error)}`));
  return written;
}

export function contentSaves(options: {
  config: AnyConfig;
  /** The studio's tree, told which files a save wrote (decision 0200). */
  tree: Pick<StudioTree, "forget">;
  baseDirectory: string;
  contentDir: string;
  files: StudioFiles;
  entries: ContentEntries;
  /** The database the history lives in; without it (the studio's own tests) saves are not recorded. */
  db?: Database;
  /** With DATABASE_URL, this instance's trees follow the history (decision 0162): a save first takes the revisions its copy lacks. */
  follower?: Following;
}) {
  const { tree, baseDirectory, contentDir, files, entries, db, follower } = options;
  const allowed = getAllowedDirectories(options.config);
  let queue: Promise<unknown> = Promise.resolve();

  /** Where a path of the API's base folder lies in the content, named from CONTENT_DIR's parent, as `writeTreeFiles` names files. */
  const inTree = (path: string) => relative(dirname(contentDir), resolve(baseDirectory, path)).split(sep).join("/");

  /**
   * A save's files, written as Keystatic's `update` wrote them — the additions, then the deletions —
   * by the trees' one writer (`writeTreeFiles`: each file by a rename of a complete file, a folder a
   * deletion empties removed, which Keystatic left and its tree never listed). The tree then hashes
   * each file of the save again, written or not (`forget`: a file rewritten with the same size within
   * one tick of the file system's clock keeps its time, and its kept hash would be the old one's).
   */
  const writeSave = async (body: SaveBody, kept: readonly KeptPhoto[]) => {
    try {
      await writeTreeFiles(contentDir, [
        ...body.additions.map(({ path, contents }) => ({ path: inTree(path), bytes: Buffer.from(contents, "base64url") })),
        ...body.deletions.map(({ path }) => ({ path: inTree(path), bytes: null })),
      ]);
    } finally {
      tree.forget([...body.additions, ...body.deletions, ...kept].map(({ path }) => path));
    }
  };

  /** The save with each YAML file's top comment kept (`keepingOpeningComment`), read from the file as it is now. */
  const withOpeningComments = async (body: SaveBody): Promise<SaveBody> => ({
    ...body,
    additions: await Promise.all(
      body.additions.map(async (addition) => {
        if (!/\.ya?ml$/.test(addition.path)) return addition;
        const before = await readFile(resolve(baseDirectory, addition.path), "utf8").catch(() => null);
        const after = Buffer.from(addition.contents, "base64url").toString("utf8");
        const kept = keepingOpeningComment(before, after);
        return kept === after ? addition : { ...addition, contents: Buffer.from(kept, "utf8").toString("base64url") };
      }),
    ),
  });

  /** What the save changes, file by file (unchanged files left out), and the entry it is a save of. */
  const changesOf = async (body: SaveBody, kept: readonly KeptPhoto[]) => {
    const after = new Map<string, Buffer | null | { kept: string }>();
    for (const { path, contents } of body.additions) after.set(path, Buffer.from(contents, "base64url"));
    for (const { path } of body.deletions) after.set(path, null);
    for (const { path, sha256 } of kept) after.set(path, { kept: sha256 });
    const changed: RevisionFile[] = [];
    for (const [path, bytes] of after) {
      const isMedia = pathInContent(path, baseDirectory, contentDir)?.startsWith("media/") ?? false;
      const before = await stateOnDisk(resolve(baseDirectory, path), isMedia);
      const next = bytes && "kept" in bytes ? bytes : stateOf(bytes, isMedia);
      if (!sameState(before, next)) changed.push({ path, before, after: next });
    }
    const owners = changed.map((file) => entries.entryOf(file.path)).filter((entry): entry is RevisionEntry => !!entry);
    const entry: RevisionEntry = owners[0] ?? { kind: "files", key: "media", slug: "" };
    const own = changed.filter((file) => entries.isEntryFile(file.path, entry));
    const action: Exclude<RevisionAction, "restore" | "publish" | "discard"> =
      own.length && own.every((file) => file.before === null)
        ? "create"
        : own.length && own.every((file) => file.after === null)
          ? "delete"
          : own.length
            ? "update"
            : "upload";
    return { changed, entry, action };
  };

  const schemaProblem = (entry: RevisionEntry, restored: readonly RestoredFile[], kept: readonly KeptPhoto[] = []): Promise<string | undefined> =>
    entrySchemaProblem({
      config: options.config,
      entries,
      entry,
      restored: [...restored, ...kept.map(({ path }) => ({ path, bytes: keptPhotoStandIn }))],
      filesIn: async (folder, wanted) => {
        const found = await readdir(resolve(baseDirectory, folder), { withFileTypes: true }).catch(() => []);
        const files = found
          .filter((item) => item.isFile())
          .map((item) => `${folder}/${item.name}`)
          .filter(wanted);
        return Promise.all(files.map(async (path) => ({ path, bytes: await readFile(resolve(baseDirectory, path)) })));
      },
    });

  /** Why the schema refuses an entry this save leaves behind (each entry it writes, as it would be), naming the entry and the field. */
  const saveSchemaProblem = async (body: SaveBody, kept: readonly KeptPhoto[]): Promise<string | undefined> => {
    const files: RestoredFile[] = [
      ...body.additions.map(({ path, contents }) => ({ path, bytes: Buffer.from(contents, "base64url") })),
      ...body.deletions.map(({ path }) => ({ path, bytes: null })),
      ...kept.map(({ path }) => ({ path, bytes: keptPhotoStandIn })),
    ];
    const written = new Map<string, RevisionEntry>();
    for (const { path } of files) {
      const entry = entries.entryOf(path);
      if (entry) written.set(`${entry.kind}:${entry.key}:${entry.slug}`, entry);
    }
    for (const entry of written.values()) {
      const problem = await schemaProblem(entry, files);
      if (problem) return `${entries.labelOf(entry)} cannot be saved: its content type refuses it (${problem}). Nothing was saved.`;
    }
    return undefined;
  };

  /**
   * Why a studio save would overwrite a change its editor never saw (decision 0159): a file of the
   * save is no longer what the studio read (another save, a restore from the history, a discard),
   * checked inside the lock. A save without the header (a restore, an older page) is not checked.
   */
  const unseenChange = async (body: SaveBody, headers: Headers): Promise<{ status: 400 | 409; reason: string } | undefined> => {
    const header = headers.get(seenVersionsHeader);
    if (header === null) return undefined;
    let seen: Record<string, unknown>;
    try {
      seen = JSON.parse(header) as Record<string, unknown>;
      if (typeof seen !== "object" || seen === null || Array.isArray(seen)) throw new Error("not an object");
    } catch {
      return { status: 400, reason: `The ${seenVersionsHeader} header is not a JSON object of paths and hashes: reload the studio. Nothing was saved.` };
    }
    for (const { path } of [...body.additions, ...body.deletions]) {
      if (!(path in seen)) continue;
      if ((await fileGitBlobSha(resolve(baseDirectory, path))) === seen[path]) continue;
      const entry = entries.entryOf(path);
      const label = entry ? entries.labelOf(entry) : path;
      return {
        status: 409,
        reason: `${label} changed after the studio showed it to you (another save, a restore from the history or a discard). Nothing was saved: your changes are still on screen. Copy them, reload the page to see the version saved now, and make them again. Every earlier version is in the entry's history.`,
      };
    }
    return undefined;
  };

  const write = async (
    body: SaveBody,
    request: { url: string; headers: HeadersInit },
    actor: RevisionActor,
    restoredFrom?: number,
    kept: readonly KeptPhoto[] = [],
  ): Promise<SaveOutcome> => {
    // Another instance's saves first (decision 0162), so "before", the seen check and the schema check read the newest files.
    try {
      await follower?.catchUpHeld();
    } catch (error) {
      console.error(logLine`studio: ${new Date()} a save was refused: the newer revisions of the content history could not be applied (${reasonOf(error)})`);
      return { ok: false, status: 503, reason: unrecorded };
    }
    const refusal = await studioSaveProblem(body, baseDirectory, contentDir, files);
    if (refusal) return { ok: false, ...refusal };
    // What Keystatic's `update` refused is refused as it was, before anything is decoded (decision 0200).
    const headers = new Headers(request.headers);
    const keystaticRefused = keystaticRefusal(body, headers, allowed);
    if (keystaticRefused) return { ok: false, status: 400, reason: keystaticRefused };
    // A restore writes the version it restores as it was; any other save keeps a YAML file's top comment.
    if (!restoredFrom) body = await withOpeningComments(body);
    const outside = kept.find(({ path }) => pathInContent(path, baseDirectory, contentDir) === undefined);
    if (outside) return { ok: false, status: 400, reason: `${outside.path} is not a file of the content. Nothing was saved.` };
    if (kept.length && !db)
      return { ok: false, status: 422, reason: "A photo named by its hash needs the content history, which this server has not. Nothing was saved." };
    const unseen = await unseenChange(body, headers);
    if (unseen) return { ok: false, ...unseen };
    // The same check as a restore's, so what the build could not read never reaches the content
    // folder (the check reads the entry's other files as they are, inside the lock).
    const invalid = await saveSchemaProblem(body, kept);
    if (invalid) return { ok: false, status: 422, reason: invalid };
    if (!db) {
      await writeSave(body, kept);
      return { ok: true };
    }

    const { changed, entry, action } = await changesOf(body, kept);
    // Nothing differs: nothing is written (Keystatic wrote the same bytes again).
    if (changed.length === 0) return { ok: true };
    const label = entries.labelOf(entry);
    // A restore's kept photos first (decision 0177): each streamed from the history into a temporary
    // file beside its place and checked against its hash, before anything is recorded; one that
    // cannot be read or is not its hash throws (KeptPhotoUnwritten) with nothing written or recorded.
    const staged = await stageKeptPhotos(db, changed, (path) => resolve(baseDirectory, path));
    let revision: { id: number; at: Date };
    try {
      revision = await recordRevision(db, {
        actor,
        entry,
        action: restoredFrom ? "restore" : action,
        restoredFrom,
        files: changed,
        audit: {
          action: restoredFrom ? "content.restore" : "content.save",
          detail: { entry: label, action: restoredFrom ? "restore" : action, files: changed.length, ...(restoredFrom ? { restoredFrom } : {}) },
        },
      });
    } catch (error) {
      console.error(logLine`studio: ${new Date()} a save of ${label} was refused: its revision could not be stored (${reasonOf(error)})`);
      await Promise.all(staged.map((file) => file.discard()));
      return { ok: false, status: 503, reason: unrecorded };
    }
    const after = {
      db,
      follower,
      revision: revision.id,
      treeDir: contentDir,
      changed: changed.map((file) => ({ ...file, path: inTree(file.path) })),
      staged,
    };
    try {
      await writeAfterRevision(after, () => writeSave(body, kept));
      return { ok: true, revision };
    } catch (error) {
      // Put back, maybe within the tick of the write it undoes: hashed again too.
      tree.forget(changed.map(({ path }) => path));
      throw error;
    }
  };

  return {
    /**
     * Writes a save (a studio save or a restore) with its revision; one at a time on the history's
     * database, across every server on it (`exclusive`: a process's queue, and on PostgreSQL an
     * advisory lock), so two saves of one entry are two revisions in order, the second's "before"
     * the first's "after", whichever instances they reach. Without a history, one at a time here.
     * `kept`: photos a restore writes back by their hash (decision 0177), streamed from the history
     * inside the same turn of the lock, recorded in the same revision; a photo whose bytes cannot be
     * read (FileMissing, ObjectStorageError) or are not its hash (ContentHashMismatch) throws
     * KeptPhotoUnwritten before anything is recorded or written.
     */
    async save(
      body: SaveBody,
      request: { url: string; headers: HeadersInit },
      actor: RevisionActor,
      restoredFrom?: number,
      kept: readonly KeptPhoto[] = [],
    ): Promise<SaveOutcome> {
      if (db) {
        try {
          return await exclusive(db, contentWriteLockKey, () => write(body, request, actor, restoredFrom, kept));
        } catch (error) {
          if (!(error instanceof ExclusiveLockError)) throw error;
          console.error(logLine`studio: ${new Date()} a save was refused: the content history's lock could not be taken (${error.message})`);
          return { ok: false, status: 503, reason: unrecorded };
        }
      }
      const run = queue.then(() => write(body, request, actor, restoredFrom, kept));
      queue = run.catch(() => {});
      return run;
    },
    /**
     * Why the current schema (keystatic.config.ts, read by Keystatic's own reader as the build reads
     * it) refuses `entry` with these files, one line per field; undefined when it takes them.
     */
    schemaProblem,
  };
}
