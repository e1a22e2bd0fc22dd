// What a photo upload may be: checked by the studio's image fields (app/content/studio/gallery.ts)
// before a save and by the build (photo-pipeline.server.ts) for files that arrive any other way.
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

/**
 * The format a file really is, from its bytes (the one check: file-content.ts), for a server that
 * has the bytes but not sharp at hand; undefined when it is none of the photo formats.
 */
export const photoFormatOf = (bytes: Uint8Array): (typeof photoFormats)[number] | undefined => fileKindOf(bytes, photoFormats);

/** The format a photo's extension promises (jpg and jpeg are both JPEG). */
export const photoFormatOfExtension = (extension: string) => (extension.toLowerCase() === "jpg" ? "jpeg" : extension.toLowerCase());

/**
 * A certificate record's file (issue 47, under media/certificates/): a PDF, or a JPEG or PNG scan, of
 * at most 10 MB, its content what its name says. Undefined when it may be saved.
 */
export function certificateFileProblem(extension: string, bytes: Uint8Array): string | undefined {
  const ext = extension.toLowerCase();
  if (!["pdf", "jpg", "jpeg", "png"].includes(ext)) return `must be a PDF, JPEG or PNG file (this file is .${extension || "?"})`;
  if (bytes.byteLength > maxPhotoBytes) return `is ${formatBytes(bytes.byteLength)}: a certificate file may be at most ${formatBytes(maxPhotoBytes)}`;
  const isPdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d; // %PDF-
  const actual = isPdf ? "pdf" : photoFormatOf(bytes);
  if (actual !== (ext === "jpg" ? "jpeg" : ext)) return `is named .${extension} but is ${actual ? `a ${actual.toUpperCase()} file` : "not a PDF, JPEG or PNG file"}`;
  return undefined;
}
