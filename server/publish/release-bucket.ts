import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { getMimeType } from "hono/utils/mime";
import { cacheControlFor } from "../platform/cache-headers";
import { readCspHashes, readCspOrigins, readServedSite, type ServedSite } from "../platform/live-site";
import { ObjectStorageError, type ListedObject, type ObjectHeaders, type ObjectStorageWithFiles, type WriteCondition } from "../platform/object-storage";
import { contentSecurityPolicy, cspKeyForFile } from "../platform/security-headers";
import { fileSha256 } from "./published-tree";
import { noteServing, releaseOf } from "./releases-in-use";
import { afterSwap } from "./site-build";

// Releases in the bucket (decision 0162). The publisher uploads each release it swaps in; every
// instance follows the pointer `releases/current.json` and swaps in what it names.
//
// Keys: a content-hashed file (its name carries its bytes' hash: the build's `assets/`, the photo
// variants of `media/`; the files cache-headers.ts marks immutable) lies once under
// `releases/hashed/<path in client/>`, shared by every release, so a release sends only the hashed
// files no release sent before (a HEAD finds the others). Every other file lies under
// `releases/<id>/<path in the release>`; one unchanged since the release the pointer names is copied
// there by the bucket (no bytes sent). Then `releases/<id>/manifest.json` (every file's path, size
// and SHA-256), and last the pointer: a pointer never names a release with a file missing.
//
// Served straight from the bucket (deploy/bucket-nginx.conf): each file of `client/` is stored with
// the Cache-Control and the Content-Security-Policy (`x-amz-meta-csp`) the Node server sends with
// it, and the pointer with its release's id (`x-amz-meta-release`), which nginx reads per request.
// A precompressed copy (`.br`, `.gz`: scripts/build/steps/precompress.mjs) is stored with its
// original's Content-Type and its own Content-Encoding, so the bucket's answer is the one Node gives.
//
// The preview's releases (decision 0178) take the same path in a lane of their own: the elected
// publisher builds the preview of each saved tree and uploads it under `previews/<id>/` with its
// pointer `previews/current.json`; every other instance's preview follows that pointer. Their
// content-hashed files lie with the site's under `releases/hashed/` (one copy, found by a HEAD).

/** What `releases/current.json` says: the release to serve, the content tree it was built from, when. */
export type ReleasePointer = { id: string; tree: string; builtAt: string };
/**
 * `csp`: the Content-Security-Policy a file of `client/` is stored with (a copy keeps the one it
 * had); `encoding`: the Content-Encoding a precompressed copy is stored with (a manifest from before
 * it was stored has none, so such a copy is sent again rather than copied).
 */
export type ReleaseFile = { path: string; size: number; sha256: string; csp?: string; encoding?: string };
/** `releases/<id>/manifest.json`: the pointer's fields and every file of the release. */
export type ReleaseManifest = ReleasePointer & { files: ReleaseFile[] };

/** The site's releases (`releases/`) or the preview's (`previews/`, decision 0178): each has its pointer and its releases' folders. */
export type ReleaseLane = "releases" | "previews";

/** The pointer of a lane: `releases/current.json` (the site), `previews/current.json` (the preview). */
export const pointerKeyOf = (lane: ReleaseLane) => `${lane}/current.json`;
export const pointerKey = pointerKeyOf("releases");
const hashedPrefix = "releases/hashed/";
const manifestKey = (id: string, lane: ReleaseLane = "releases") => `${lane}/${id}/manifest.json`;

/** A file of the client folder whose name carries its content's hash: the same name, the same bytes, in every release. */
export function isContentHashed(path: string): boolean {
  return path.startsWith("client/") && cacheControlFor(`/${path}`).includes("immutable");
}

const isHtml = (path: string) => /\.html(\.(br|gz|zst))?$/.test(path);

/** Where a release's file lies in the bucket: a hashed one in the shared `releases/hashed/`, whichever its lane. */
export function releaseFileKey(id: string, path: string, lane: ReleaseLane = "releases"): string {
  return isContentHashed(path) ? hashedPrefix + path.slice("client/".length) : `${lane}/${id}/${path}`;
}

/** The Content-Encoding of a precompressed copy, by its suffix (the names hono's serveStatic looks for); undefined for any other file. */
function encodingOf(path: string): string | undefined {
  return ({ br: "br", gz: "gzip", zst: "zstd" } as Record<string, string>)[/\.(br|gz|zst)$/.exec(path)?.[1] ?? ""];
}

/** A file's Content-Type; a precompressed copy's is its original's, as the Node server sends it. */
const contentTypeOf = (path: string) => getMimeType(encodingOf(path) ? path.replace(/\.(br|gz|zst)$/, "") : path) ?? "application/octet-stream";

/** S3's limit for an object's user metadata, names and values together (AWS; R2 and MinIO take as much). */
const metadataLimitBytes = 2048;

/**
 * What a release's file is stored with: for a file of `client/`, the Cache-Control and the
 * Content-Security-Policy the Node server sends with it (server/app.ts: the page's inline hashes,
 * the build's outside services, the same functions), so a web server in front of the bucket can
 * send them too. A hashed file lies once for all releases: it keeps what the release that sent it
 * gave it (a script's or photo's CSP governs nothing).
 */
function releaseFileHeaders(dir: string): (path: string) => ObjectHeaders {
  const clientDir = join(dir, "client");
  const hashes = readCspHashes(clientDir);
  const origins = readCspOrigins(clientDir);
  return (path) => {
    if (!path.startsWith("client/")) return {};
    const csp = contentSecurityPolicy(hashes[cspKeyForFile(path.slice("client/".length))], origins);
    if (Buffer.byteLength(`csp${csp}`) > metadataLimitBytes) {
      throw new Error(`releases: ${path}'s Content-Security-Policy is longer than a bucket stores with an object (${metadataLimitBytes} bytes)`);
    }
    const contentEncoding = encodingOf(path);
    return { cacheControl: cacheControlFor(`/${path}`), ...(contentEncoding ? { contentEncoding } : {}), metadata: { csp } };
  };
}

/** A release file's SHA-256 (hex): the one streamed hash (`fileSha256`), a file gone meanwhile an error. */
async function sha256Of(path: string): Promise<string> {
  const sha256 = await fileSha256(path);
  if (sha256 === null) throw new Error(`releases: ${path} left the release while it was being listed`);
  return sha256;
}

/** Every regular file below `dir`, relative with "/" (symbolic links are not part of a release). */
async function releaseFiles(dir: string, prefix = ""): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await releaseFiles(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

/** `work` for each item, `width` at a time; the first failure is thrown once all have settled. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

async function readTagged<T>(storage: ObjectStorageWithFiles, key: string): Promise<{ value: T; etag?: string } | undefined> {
  const object = await storage.get(key);
  if (!object) return undefined;
  return { value: JSON.parse(await new Response(object.body).text()) as T, ...(object.etag ? { etag: object.etag } : {}) };
}

const readJson = async <T>(storage: ObjectStorageWithFiles, key: string) => (await readTagged<T>(storage, key))?.value;

const putJson = (storage: ObjectStorageWithFiles, key: string, value: unknown, condition: WriteCondition & ObjectHeaders = {}) => {
  const bytes = Buffer.from(JSON.stringify(value));
  return storage.put(key, bytes, { contentType: "application/json", sha256: createHash("sha256").update(bytes).digest("hex"), ...condition });
};

/** The pointer of a lane in the bucket (the site's by default), if one was written. */
export const readPointer = (storage: ObjectStorageWithFiles, lane: ReleaseLane = "releases") => readJson<ReleasePointer>(storage, pointerKeyOf(lane));

/**
 * An upload complete but its pointer not written, on purpose: this instance is no longer the
 * publisher, or the bucket names a newer release, or another wrote the pointer between the last
 * read and the write. Not tried again (the release stays in the bucket until the sweep).
 */
export class PointerNotWritten extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PointerNotWritten";
  }
}

/** What one upload did: files sent (and their bytes), files the bucket had (hashed) or copied itself (unchanged). */
export type UploadReport = { pointer: ReleasePointer; sent: number; bytesSent: number; present: number; copied: number; ms: number };

/**
 * Writes the pointer to `pointer`, only if this instance is still the publisher (`confirm`, asked of
 * the lock's own session just before), only over an older release, and only if the pointer is still
 * the one just read: the PUT carries its ETag as `If-Match` (or `If-None-Match: *` when there was
 * none), which AWS S3, R2 and MinIO check (a 412); a bucket that ignores it (s3rver) still had the
 * two checks a moment before. Throws PointerNotWritten otherwise. The preview's pointer may go
 * back to an older release (a save undone shows the release of that tree again): only the publisher
 * and the ETag guard it.
 */
async function writePointer(
  storage: ObjectStorageWithFiles,
  pointer: ReleasePointer,
  confirm: (() => Promise<boolean>) | undefined,
  lane: ReleaseLane,
): Promise<void> {
  if (confirm && !(await confirm())) throw new PointerNotWritten("this instance is no longer the publisher");
  const key = pointerKeyOf(lane);
  const named = await readTagged<ReleasePointer>(storage, key);
  if (named?.value.id === pointer.id) return;
  if (named && lane === "releases" && named.value.id > pointer.id) throw new PointerNotWritten(`the bucket names ${named.value.id}, a newer release`);
  const condition: WriteCondition = named ? (named.etag ? { ifMatch: named.etag } : {}) : { ifNoneMatch: "*" };
  try {
    // The id in a header too: nginx cannot read JSON, but can a HEAD's header (deploy/bucket-nginx.conf).
    await putJson(storage, key, pointer, { ...condition, cacheControl: "no-cache", metadata: { release: pointer.id } });
  } catch (error) {
    if (error instanceof ObjectStorageError && error.status === 412) throw new PointerNotWritten("another instance wrote the pointer meanwhile");
    throw error;
  }
}

/**
 * Uploads the release in `dir` as `id`, built from content tree `tree`: content-hashed files first
 * (each after a HEAD: one the bucket has is not sent), then the other files, then the HTML, then the
 * manifest and last the pointer (see writePointer: `confirm` is asked just before). Any failure
 * throws before the pointer is written: the pointer still names the release before, complete. Files
 * are streamed from disk. `lane`: the site's releases (default) or the preview's (decision 0178).
 */
export async function uploadRelease(
  storage: ObjectStorageWithFiles,
  dir: string,
  id: string,
  tree: string,
  {
    width = 8,
    now = () => new Date(),
    confirm,
    lane = "releases",
  }: { width?: number; now?: () => Date; confirm?: () => Promise<boolean>; lane?: ReleaseLane } = {},
): Promise<UploadReport> {
  const started = Date.now();
  const pointer: ReleasePointer = { id, tree, builtAt: now().toISOString() };
  const report: UploadReport = { pointer, sent: 0, bytesSent: 0, present: 0, copied: 0, ms: 0 };
  const files: ReleaseFile[] = [];
  const headersOf = releaseFileHeaders(dir);
  for (const path of await releaseFiles(dir)) {
    const full = join(dir, path);
    const { metadata, contentEncoding: encoding } = headersOf(path);
    const csp = metadata?.csp;
    files.push({ path, size: (await stat(full)).size, sha256: await sha256Of(full), ...(csp ? { csp } : {}), ...(encoding ? { encoding } : {}) });
  }
  const before = await readPointer(storage, lane);
  const previous = before && before.id !== id ? await readJson<ReleaseManifest>(storage, manifestKey(before.id, lane)) : undefined;
  const previousFiles = new Map((previous?.files ?? []).map((file) => [file.path, file]));
  const send = async (file: ReleaseFile) => {
    await storage.putFile(releaseFileKey(id, file.path, lane), join(dir, file.path), {
      contentType: contentTypeOf(file.path),
      sha256: file.sha256,
      size: file.size,
      ...headersOf(file.path),
    });
    report.sent++;
    report.bytesSent += file.size;
  };
  const hashed = files.filter((file) => isContentHashed(file.path));
  await inParallel(hashed, width, async (file) => {
    // One the release before lists is there (the sweep keeps the pointer's release's hashed files); any other is asked for.
    // A precompressed copy stored before its Content-Encoding was (none in the manifest, none at the HEAD) is sent again.
    const was = previousFiles.get(file.path);
    if (was?.sha256 === file.sha256 && was.size === file.size && was.encoding === file.encoding) {
      report.present++;
      return;
    }
    const there = await storage.head(releaseFileKey(id, file.path));
    if (there?.size === file.size && there.contentEncoding === file.encoding) report.present++;
    else await send(file);
  });
  const sendOrCopy = async (file: ReleaseFile) => {
    const was = previousFiles.get(file.path);
    // The same bytes with the same CSP (a build with other outside services has another) and Content-Encoding.
    if (previous && was?.sha256 === file.sha256 && was.size === file.size && was.csp === file.csp && was.encoding === file.encoding) {
      await storage.copy(releaseFileKey(previous.id, file.path, lane), releaseFileKey(id, file.path, lane));
      report.copied++;
    } else await send(file);
  };
  const rest = files.filter((file) => !isContentHashed(file.path));
  await inParallel(
    rest.filter((file) => !isHtml(file.path)),
    width,
    sendOrCopy,
  );
  await inParallel(
    rest.filter((file) => isHtml(file.path)),
    width,
    sendOrCopy,
  );
  await putJson(storage, manifestKey(id, lane), { ...pointer, files } satisfies ReleaseManifest);
  await writePointer(storage, pointer, confirm, lane);
  report.ms = Date.now() - started;
  return report;
}

/** How many releases the sweep keeps, the pointer's and the four before it (decision 0162). */
export const keptReleases = 5;
/**
 * And any release current, or written, less than this ago: a page opened on it may still ask for its
 * files (its non-HTML files are cached for an hour, cache-headers.ts), and an upload in progress is
 * younger. Hashed files written less than this ago stay too (an upload sends them before its manifest).
 */
export const keptYoungerMs = 60 * 60 * 1000;

/** How many of the preview's releases the sweep keeps besides the one its pointer names: the working copy's recent trees (decision 0178). */
export const keptPreviews = 5;

const releaseIdPattern = /^\d{4}-[\w-]+$/;

export type SweepOptions = { keep?: number; keepPreviews?: number; youngerMs?: number; now?: () => Date; width?: number };

/** What a sweep removed: site releases, preview releases, hashed files. */
export type SweepReport = { releases: string[]; previews: string[]; hashed: number };

/** A lane's objects by release id (a key not under `<lane>/<id>/` left out). */
function byReleaseOf(objects: ListedObject[], lane: ReleaseLane): Map<string, ListedObject[]> {
  const byRelease = new Map<string, ListedObject[]>();
  for (const object of objects) {
    const id = new RegExp(`^${lane}/([^/]+)/`).exec(object.key)?.[1];
    if (!id || !releaseIdPattern.test(id)) continue;
    const list = byRelease.get(id) ?? [];
    list.push(object);
    byRelease.set(id, list);
  }
  return byRelease;
}

/**
 * Removes from the bucket the releases no one is served any more and the hashed files no kept
 * release names. Kept: the release the pointer names and the `keep - 1` complete releases before it;
 * any release that was current less than `youngerMs` ago (the one after it written since); any
 * release with an object written less than `youngerMs` ago (an upload in progress); every hashed
 * file a kept release's manifest names, or written less than `youngerMs` ago. Removed: the rest of
 * `releases/<id>/` (an old release, an upload that failed or whose pointer was never written), its
 * manifest first (so a sweep stopped half-way leaves a release without one, which the next removes),
 * and the other hashed files. Without a pointer nothing is removed.
 *
 * The preview's releases (`previews/`, decision 0178) are swept in the same pass: kept are the one
 * its pointer names, the `keepPreviews` newest complete ones (the working copy's recent trees, which
 * a publish may take as they are) and any with an object younger than `youngerMs`; the hashed files
 * a kept preview names are kept too, since both lanes share `releases/hashed/`.
 */
export async function sweepReleases(
  storage: ObjectStorageWithFiles,
  { keep = keptReleases, keepPreviews = keptPreviews, youngerMs = keptYoungerMs, now = () => new Date(), width = 8 }: SweepOptions = {},
): Promise<SweepReport> {
  const report: SweepReport = { releases: [], previews: [], hashed: 0 };
  const pointer = await readPointer(storage);
  if (!pointer) return report;
  const since = now().getTime() - youngerMs;
  const objects = await storage.list("releases/");
  const hashed = objects.filter((object) => object.key.startsWith(hashedPrefix));
  const byRelease = byReleaseOf(
    objects.filter((object) => !object.key.startsWith(hashedPrefix)),
    "releases",
  );
  const byPreview = byReleaseOf(await storage.list("previews/"), "previews");
  const previewPointer = await readPointer(storage, "previews");
  const manifestOf = (id: string, lane: ReleaseLane = "releases") =>
    (lane === "releases" ? byRelease : byPreview).get(id)?.find((object) => object.key === manifestKey(id, lane));
  const young = (list: ListedObject[]) => list.some((object) => object.lastModified.getTime() > since);
  const complete = [...byRelease.keys()].filter((id) => id <= pointer.id && manifestOf(id)).sort();
  const kept = new Set([pointer.id, ...complete.slice(-keep)]);
  for (const [index, id] of complete.entries()) {
    const next = complete[index + 1];
    if (next && manifestOf(next)!.lastModified.getTime() > since) kept.add(id);
  }
  for (const [id, list] of byRelease) if (young(list)) kept.add(id);
  const completePreviews = [...byPreview.keys()].filter((id) => manifestOf(id, "previews")).sort();
  const keptPreview = new Set([...(previewPointer ? [previewPointer.id] : []), ...completePreviews.slice(-keepPreviews)]);
  for (const [id, list] of byPreview) if (young(list)) keptPreview.add(id);
  const named = new Set<string>();
  for (const [lane, ids] of [
    ["releases", kept],
    ["previews", keptPreview],
  ] as const) {
    for (const id of ids) {
      const manifest = manifestOf(id, lane) ? await readJson<ReleaseManifest>(storage, manifestKey(id, lane)) : undefined;
      for (const file of manifest?.files ?? []) if (isContentHashed(file.path)) named.add(releaseFileKey(id, file.path, lane));
    }
  }
  for (const [lane, groups, keptIds, removed] of [
    ["releases", byRelease, kept, report.releases],
    ["previews", byPreview, keptPreview, report.previews],
  ] as const) {
    for (const id of [...groups.keys()].sort()) {
      if (keptIds.has(id)) continue;
      const list = groups.get(id)!;
      const manifest = manifestOf(id, lane);
      if (manifest) await storage.delete(manifest.key);
      await inParallel(
        list.filter((object) => object !== manifest),
        width,
        (object) => storage.delete(object.key),
      );
      removed.push(id);
    }
  }
  const unnamed = hashed.filter((object) => !named.has(object.key) && object.lastModified.getTime() <= since);
  await inParallel(unnamed, width, (object) => storage.delete(object.key));
  report.hashed = unnamed.length;
  return report;
}

/** A timer that repeats: the poll (tests pass their own). */
export type Every = (ms: number, run: () => void) => () => void;
const everyInterval: Every = (ms, run) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type ReleaseUploaderOptions = {
  storage: ObjectStorageWithFiles;
  /** The site's releases (default) or the preview's (decision 0178). */
  lane?: ReleaseLane;
  /** After a failed upload, the next try (default 5 s); the bucket down keeps the release waiting, not lost. */
  retryMs?: number;
  /** After each release's pointer is written (the NOTIFY to the other instances goes here). */
  uploaded?: (pointer: ReleasePointer) => void;
  /** Whether this instance may write the pointer now (the election's `isPublisher`); asked before each try. */
  mayUpload?: () => boolean;
  /** Whether it still may, asked of the lock's session just before the pointer's PUT and the sweep (the election's `confirm`). */
  confirm?: () => Promise<boolean>;
  /**
   * Runs each upload with the sweep after it in its turn among the instance's uploaders (the site's
   * and the preview's share one, decision 0178): a sweep never runs beside another lane's upload,
   * whose hashed files a HEAD found but whose manifest is not written yet. By default at once.
   */
  inTurn?: <T>(step: () => Promise<T>) => Promise<T>;
  /** After each pointer written, the bucket is swept (sweepReleases, with these options; `false`: not). */
  sweep?: false | SweepOptions;
  log?: (message: string) => void;
};

/**
 * The publisher's side: `publish(dir, id, tree)` after each swap. One upload at a time; a release
 * asked for during an upload waits, and only the newest waiting one is uploaded. A failed upload is
 * tried again after `retryMs` (the newest release by then), until it succeeds.
 */
export function releaseUploader({
  storage,
  lane = "releases",
  retryMs = 5_000,
  uploaded,
  mayUpload = () => true,
  confirm,
  inTurn = (step) => step(),
  sweep = {},
  log = (message) => console.log(message),
}: ReleaseUploaderOptions) {
  let waiting: { dir: string; id: string; tree: string; ifNewer: boolean } | undefined;
  let newest: string | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  // A failed sweep is not tried again: the next release's sweep does its work.
  const sweepAfter = async () => {
    try {
      if (confirm && !(await confirm())) return;
      if (!sweep) return;
      const swept = await sweepReleases(storage, sweep);
      if (swept.releases.length || swept.previews.length || swept.hashed) {
        log(
          `${lane}: swept ${swept.releases.length} releases (${swept.releases.join(", ") || "none"}), ${swept.previews.length} previews (${swept.previews.join(", ") || "none"}) and ${swept.hashed} hashed files no kept release names from the bucket`,
        );
      }
    } catch (error) {
      log(`${lane}: sweeping the bucket failed (${error instanceof Error ? error.message : String(error)}); the next release's sweep tries again`);
    }
  };
  const loop = async () => {
    // After `publish` has noted it as running (a loop with nothing to await would end before that).
    await Promise.resolve();
    while (waiting && !stopped) {
      const release = waiting;
      waiting = undefined;
      if (!mayUpload()) {
        log(`${lane}: ${release.id} not uploaded (this instance is no longer the publisher)`);
        continue;
      }
      try {
        // A preview shown again that the pointer names already (a new publisher showing the release it followed) is not sent again.
        await inTurn(async () => {
          const named = release.ifNewer || lane === "previews" ? await readPointer(storage, lane) : undefined;
          if (named && (release.ifNewer ? named.id >= release.id : named.id === release.id)) return;
          const report = await uploadRelease(storage, release.dir, release.id, release.tree, { lane, ...(confirm ? { confirm } : {}) });
          log(
            `${lane}: ${release.id} is in the bucket (${report.sent} files sent, ${report.bytesSent} bytes; ${report.present + report.copied} already there) in ${report.ms} ms`,
          );
          uploaded?.(report.pointer);
          if (sweep && !waiting) await sweepAfter();
        });
      } catch (error) {
        if (error instanceof PointerNotWritten) {
          log(`${lane}: ${release.id} uploaded, its pointer not written (${error.message})`);
          continue;
        }
        log(`${lane}: uploading ${release.id} failed (${error instanceof Error ? error.message : String(error)}); trying again in ${retryMs / 1000} s`);
        waiting ??= release;
        await pause(retryMs);
      }
    }
    running = undefined;
  };
  return {
    /**
     * Uploads the release in `dir` (the newest asked for wins). `ifNewer`: only if the pointer names
     * none or an older release (the release a publisher starts with, which may be there already).
     */
    publish(dir: string, id: string, tree: string, { ifNewer = false }: { ifNewer?: boolean } = {}) {
      waiting = { dir, id, tree, ifNewer };
      if (newest === undefined || id > newest) newest = id;
      running ??= loop();
    },
    /** The newest release this instance asked to publish: the follower never swaps back to an older pointer. */
    newest: () => newest,
    /** Resolves when nothing is waiting (tests). */
    idle: async () => {
      while (running) await running;
    },
    /** Tries a waiting upload now instead of at its retry time. */
    retryNow: () => wake?.(),
    stop() {
      stopped = true;
      wake?.();
    },
  };
}

export type ReleaseUploader = ReturnType<typeof releaseUploader>;

/**
 * What a follower swaps: the live site (`LiveSite`), or the preview (decision 0178: nothing shown
 * before its first release, and told the pointer it follows).
 */
export type FollowedSite = { readonly current: ServedSite | undefined; swap(release: ServedSite, pointer: ReleasePointer): void };

export type FollowReleasesOptions = {
  storage: ObjectStorageWithFiles;
  /** The site's releases (default) or the preview's (decision 0178). */
  lane?: ReleaseLane;
  /** This instance's releases of that lane (build/releases, build/preview-releases): a followed release is downloaded to `<id>` there. */
  releasesDir: string;
  site: FollowedSite;
  /** How often the pointer is read besides the hook (default 30 s). */
  pollMs?: number;
  every?: Every;
  /** The newest release this instance publishes itself: a pointer not newer is not followed. */
  ownNewest?: () => string | undefined;
  /** While this answers true the pointer is not followed (the preview's: this instance is the publisher and builds its own). */
  paused?: () => boolean;
  /** After each swap to a followed release. */
  swapped?: (pointer: ReleasePointer, report: FollowReport) => void;
  log?: (message: string) => void;
};

/** What one follow did: files downloaded (and their bytes), files linked from the release served before. */
export type FollowReport = { downloaded: number; bytesDownloaded: number; linked: number };

/**
 * Every instance's side: reads the pointer at start, every `pollMs` and whenever `check()` is called
 * (the NOTIFY of a new release); a pointer naming another release than the one served is followed:
 * its files are downloaded into a folder of their own (each file unchanged since the release served
 * hard-linked from it instead), each checked against the manifest's size and SHA-256, the folder
 * renamed to `<id>` and swapped in as a build is (the release before stays for pages opened just
 * before). The bucket down: the release served stays, the next poll tries again.
 */
export function followReleases({
  storage,
  lane = "releases",
  releasesDir,
  site,
  pollMs = 30_000,
  every = everyInterval,
  ownNewest = () => undefined,
  paused = () => false,
  swapped,
  log = (message) => console.log(message),
}: FollowReleasesOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let lastFailure = "";
  const follow = async () => {
    if (paused()) return;
    const pointer = await readPointer(storage, lane);
    if (!pointer || !releaseIdPattern.test(pointer.id) || paused()) return;
    const shown = site.current;
    const served = shown ? releaseOf(releasesDir, shown.clientDir) : undefined;
    const own = ownNewest();
    if (pointer.id === served || (own !== undefined && pointer.id <= own)) return;
    const dir = join(releasesDir, pointer.id);
    let report: FollowReport = { downloaded: 0, bytesDownloaded: 0, linked: 0 };
    if (!existsSync(join(dir, ".stamp"))) report = await download(pointer.id, dir);
    // Elected while it downloaded: the publisher's preview is its own (its queue has a build asked).
    if (paused()) return;
    const release = readServedSite(join(dir, "client"));
    site.swap(release, pointer);
    noteServing(releasesDir, release.clientDir);
    log(`${lane}: serving ${pointer.id} from the bucket (${report.downloaded} files downloaded, ${report.linked} unchanged)`);
    swapped?.(pointer, report);
    await afterSwap(releasesDir, pointer.id);
  };
  const download = async (id: string, dir: string): Promise<FollowReport> => {
    const manifest = await readJson<ReleaseManifest>(storage, manifestKey(id, lane));
    if (!manifest) throw new Error(`${lane}: the pointer names ${id}, whose manifest is missing`);
    const report: FollowReport = { downloaded: 0, bytesDownloaded: 0, linked: 0 };
    const incoming = join(releasesDir, `.incoming-${id}-${process.pid}`);
    const shown = site.current;
    const servedRoot = shown ? dirname(shown.clientDir) : undefined;
    await rm(incoming, { recursive: true, force: true });
    try {
      await inParallel(manifest.files, 8, async (file) => {
        if (file.path.split("/").some((part) => part === ".." || part === "") || file.path.startsWith("/")) {
          throw new Error(`releases: ${id}'s manifest names a path outside the release`);
        }
        const target = join(incoming, file.path);
        await mkdir(dirname(target), { recursive: true });
        const local = servedRoot && join(servedRoot, file.path);
        const same =
          local !== undefined &&
          (await stat(local).then(
            async (found) => found.isFile() && found.size === file.size && (await fileSha256(local)) === file.sha256,
            () => false,
          ));
        if (same) {
          await link(local, target).catch(async (error: NodeJS.ErrnoException) => {
            if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
            await copyFile(local, target);
          });
          report.linked++;
          return;
        }
        const got = await storage.getFile(releaseFileKey(id, file.path, lane), target);
        if (!got) throw new Error(`releases: ${file.path} of ${id} is missing in the bucket`);
        if (got.size !== file.size || got.sha256 !== file.sha256) throw new Error(`releases: ${file.path} of ${id} does not match its manifest`);
        report.bytesDownloaded += got.size;
        report.downloaded++;
      });
      await rm(dir, { recursive: true, force: true });
      await rename(incoming, dir);
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      throw error;
    }
    return report;
  };
  const check = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await follow();
          lastFailure = "";
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // One line per kind of failure, not one per poll while the bucket is down.
          if (message !== lastFailure) log(`${lane}: following the bucket failed (${message}); still serving the release before`);
          lastFailure = message;
        }
      } while (again);
      running = undefined;
    })();
    return running;
  };
  const stopPoll = every(pollMs, () => void check());
  const started = check();
  return {
    /** Resolves once the pointer read at start has been followed (or failed). */
    started: () => started,
    /** Reads the pointer now (the hook for a NOTIFY of a new release); resolves when followed. */
    check,
    stop: stopPoll,
  };
}

export type ReleaseFollower = ReturnType<typeof followReleases>;
