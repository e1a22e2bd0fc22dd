// What a photo upload may be: checked by the studio's image fields (app/content/studio/gallery.ts)
// before a save, by the studio's API (server/studio/upload-limits.ts, the format through
// server/platform/file-kind.ts) and by the build (photo-pipeline.server.ts) for files that arrive
// any other way.
import { fileKindOf } from "./file-content";

/** 10 MB (10 × 1024 × 1024 bytes): a camera JPEG of 12–24 megapixels fits; a raw scan does not. */
export const maxPhotoBytes = 10 * 1024 * 1024;

/** Beyond this a file is refused before it is decoded (a small PNG can unpack to gigabytes). */
export const maxPhotoPixels = 50_000_000;

export const photoExtensions = ["jpg", "jpeg", "png", "webp"] as const;

/** Formats as sharp reports them after reading the file itself (not its name). */
export const photoFormats = ["jpeg", "png", "webp"] as const;

export const photoFormatsText = "JPEG, PNG or WebP";

export const formatBytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why an upload is refused, in words for the editor; undefined when it is fine. */
export function photoUploadProblem(file: { extension: string; byteLength: number }): string | undefined {
  if (!(photoExtensions as readonly string[]).includes(file.extension.toLowerCase())) {
    return `must be a ${photoFormatsText} photo (this file is .${file.extension || "?"})`;
  }
  if (file.byteLength > maxPhotoBytes) {
    return `is ${formatBytes(file.byteLength)}: a photo may be at most ${formatBytes(maxPhotoBytes)}`;
  }
  return undefined;
}

/** The format a photo's extension promises (jpg and jpeg are both JPEG). */
export const photoFormatOfExtension = (extension: string) => (extension.toLowerCase() === "jpg" ? "jpeg" : extension.toLowerCase());

export const certificateFileKinds = ["pdf", "jpeg", "png"] as const;

/**
 * A certificate record's file (decision 0076, under media/certificates/): a PDF, or a JPEG or PNG scan, of
 * at most 10 MB, its content what its name says. Undefined when it may be saved.
 */
export function certificateFileProblem(extension: string, bytes: Uint8Array): string | undefined {
  const ext = extension.toLowerCase();
  if (!["pdf", "jpg", "jpeg", "png"].includes(ext)) return `must be a PDF, JPEG or PNG file (this file is .${extension || "?"})`;
  if (bytes.byteLength > maxPhotoBytes) return `is ${formatBytes(bytes.byteLength)}: a certificate file may be at most ${formatBytes(maxPhotoBytes)}`;
  const actual = fileKindOf(bytes, certificateFileKinds);
  if (actual !== (ext === "jpg" ? "jpeg" : ext))
    return `is named .${extension} but is ${actual ? `a ${actual.toUpperCase()} file` : "not a PDF, JPEG or PNG file"}`;
  return undefined;
}
