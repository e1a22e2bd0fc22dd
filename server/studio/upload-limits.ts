import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, extname, isAbsolute, relative, resolve, sep } from "node:path";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  certificateFileKinds,
  certificateFileProblem,
  formatBytes,
  photoFormatOfExtension,
  photoFormats,
  photoFormatsText,
  photoUploadProblem,
} from "../../app/lib/contracts/photo-limits";
import { fileKindFromBytes } from "../platform/file-kind";
import { studioRequestBodyLimitBytes } from "../platform/security-headers";
import type { StudioFiles } from "./studio-files";

const noStore = { "Cache-Control": "no-store" };

/**
 * Caps every studio API body at `limit` bytes (Content-Length or, without one, the bytes as they
 * arrive): 413 with the reason, before Keystatic reads anything.
 */
export function studioBodyLimit(limit = studioRequestBodyLimitBytes): MiddlewareHandler {
  return bodyLimit({
    maxSize: limit,
    onError: (c) => c.text(`This save is larger than the studio takes (${formatBytes(limit)} per save): save fewer or smaller photos at a time.`, 413, noStore),
  });
}

type Addition = { path: string; contents: string };

/** Keystatic's save body (`POST /api/keystatic/update`), as far as this check needs it. */
function additionsOf(body: unknown): Addition[] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { additions, deletions } = body as { additions?: unknown; deletions?: unknown };
  if (!Array.isArray(additions) || !Array.isArray(deletions)) return undefined;
  const valid = additions.every(
    (a: unknown) => typeof a === "object" && a !== null && typeof (a as Addition).path === "string" && typeof (a as Addition).contents === "string",
  );
  const deletionsValid = deletions.every((d: unknown) => typeof d === "object" && d !== null && typeof (d as { path?: unknown }).path === "string");
  return valid && deletionsValid ? (additions as Addition[]) : undefined;
}

const isBelow = (folder: string, path: string) => {
  const inside = relative(folder, path);
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside);
};

/** The deepest folder of `path` that exists, with symbolic links followed. */
function realExistingAncestor(path: string): string {
  let folder = dirname(path);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  return realpathSync(folder);
}

/**
 * Where a save's path lands, relative to CONTENT_DIR; undefined when it would land outside it
 * (`..`, an absolute path, a NUL byte, or a folder in content/ that is a link to elsewhere).
 */
export function pathInContent(path: string, baseDirectory: string, contentDir: string): string | undefined {
  if (path.includes("\0") || path.includes("\\") || isAbsolute(path)) return undefined;
  const content = resolve(contentDir);
  const target = resolve(baseDirectory, path);
  if (!isBelow(content, target)) return undefined;
  const realContent = existsSync(content) ? realpathSync(content) : content;
  const realFolder = realExistingAncestor(target);
  if (realFolder !== realContent && !isBelow(realContent, realFolder)) return undefined;
  return relative(content, target).split(sep).join("/");
}

type Refusal = { status: 400 | 422; reason: string };

/** The longest name of one file or folder Linux takes (bytes). */
const maxNameBytes = 255;

/**
 * Why a save cannot write or delete the file at `path` (relative to the API's base folder) as a
 * file: an empty, "." or overlong name in it (badName), a folder there (content/faq), or a file
 * where it needs a folder (a path below content/site.yaml) (notAFile). Keystatic would throw on each,
 * answering 500.
 */
function badName(path: string): string | undefined {
  const names = path.split("/");
  if (names.some((name) => name === "" || name === ".")) return `${JSON.stringify(path)} is not a file name`;
  if (names.some((name) => Buffer.byteLength(name) > maxNameBytes)) return `${JSON.stringify(path)} has a name longer than ${maxNameBytes} bytes`;
  return undefined;
}

function notAFile(path: string, baseDirectory: string): string | undefined {
  const names = path.split("/");
  const kindOf = (relativePath: string): "file" | "folder" | "none" | "unusable" => {
    try {
      const found = statSync(resolve(baseDirectory, relativePath), { throwIfNoEntry: false });
      return found ? (found.isDirectory() ? "folder" : "file") : "none";
    } catch {
      return "unusable"; // ENAMETOOLONG, ELOOP, EACCES…
    }
  };
  for (let end = 1; end < names.length; end++) {
    const folder = names.slice(0, end).join("/");
    const kind = kindOf(folder);
    if (kind === "file") return `${JSON.stringify(path)} lies below ${folder}, which is a file`;
    if (kind === "unusable") return `${JSON.stringify(path)} is not a path the studio can write`;
  }
  const kind = kindOf(path);
  if (kind === "folder") return `${JSON.stringify(path)} is a folder: the studio saves and deletes files, never a whole folder`;
  if (kind === "unusable") return `${JSON.stringify(path)} is not a path the studio can write`;
  return undefined;
}

/** Why this save must not be written (naming the file), or undefined when every file may be. */
export async function studioSaveProblem(body: unknown, baseDirectory: string, contentDir: string, files: StudioFiles): Promise<Refusal | undefined> {
  const additions = additionsOf(body);
  if (!additions) return { status: 400, reason: "This save is not a Keystatic save (additions and deletions, each with a path)." };
  const paths = [...additions.map((a) => a.path), ...(body as { deletions: Array<{ path: string }> }).deletions.map((d) => d.path)];
  const outside = paths.find((path) => pathInContent(path, baseDirectory, contentDir) === undefined);
  if (outside !== undefined) return { status: 400, reason: `${JSON.stringify(outside)} is outside the content folder: the studio writes only there.` };
  for (const path of paths) {
    const problem = badName(path);
    if (problem) return { status: 400, reason: `${problem}. Nothing was saved.` };
  }
  const notOwned = paths.find((path) => !files.owns(path));
  if (notOwned !== undefined) {
    return {
      status: 400,
      reason: `${JSON.stringify(notOwned)} is not one of the studio's files (only what its collections and singletons name). Nothing was saved.`,
    };
  }
  for (const path of paths) {
    const problem = notAFile(path, baseDirectory);
    if (problem) return { status: 400, reason: `${problem}. Nothing was saved.` };
  }
  for (const { path, contents } of additions) {
    const inContent = pathInContent(path, baseDirectory, contentDir)!;
    if (!inContent.startsWith("media/")) continue;
    const bytes = Buffer.from(contents, "base64url");
    const extension = extname(path).slice(1);
    // A certificate record's file (decision 0076) may also be a PDF.
    if (inContent.startsWith("media/certificates/")) {
      const problem = certificateFileProblem(extension, bytes);
      if (problem) return { status: 422, reason: `${path} ${problem}. Nothing was saved.` };
      // The server's one file-type check must agree with the policy's (decision 0084).
      if (!(await fileKindFromBytes(bytes, certificateFileKinds))) return { status: 422, reason: `${path} is not a PDF, JPEG or PNG file. Nothing was saved.` };
      continue;
    }
    const problem = photoUploadProblem({ extension, byteLength: bytes.byteLength });
    if (problem) return { status: 422, reason: `${path} ${problem}. Nothing was saved.` };
    const format = await fileKindFromBytes(bytes, photoFormats);
    if (format !== photoFormatOfExtension(extension)) {
      const is = format ? `a ${format.toUpperCase()} file` : `not a ${photoFormatsText} photo`;
      return { status: 422, reason: `${path} is named .${extension} but is ${is}: export it again as ${photoFormatsText}. Nothing was saved.` };
    }
  }
  return undefined;
}

/**
 * Checks a Keystatic save before anything is written: every path inside CONTENT_DIR, owned by one
 * of the studio's content types (studio-files.ts) and a file (not a folder), every file under
 * `media/` a photo the pipeline takes (photo-limits.ts: extension, size, real format).
 * Returns the refusal (400, or 422 for a refused photo) or the request to hand Keystatic (the body
 * was read here, so a fresh request with the same bytes).
 */
export async function checkStudioSave(
  request: Request,
  baseDirectory: string,
  contentDir: string,
  files: StudioFiles,
): Promise<Refusal | { request: Request }> {
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, reason: "This save is not JSON." };
  }
  const refusal = await studioSaveProblem(body, baseDirectory, contentDir, files);
  if (refusal) return refusal;
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body: text }) };
}
