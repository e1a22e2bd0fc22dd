import { resumeMaxBytes } from "~/lib/contracts/constants";

/** A resume over 50KB (50 × 1024 bytes) is not taken. */
export const isResumeTooLarge = (file: Pick<File, "size">) => file.size > resumeMaxBytes;

/** The file as a base64 data URL (the career template's `attachment`). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * True when the file's content is one of the resume types (read whole: it is at most 50KB). The
 * server checks again; checking here shows the message at once and keeps the file out of the form.
 * The check is fetched when a file is chosen, not with the page; if it cannot be fetched (the
 * connection dropped), the file is let through and the server's answer names the problem.
 */
export async function isAcceptedResume(file: Blob): Promise<boolean> {
  const check = await import("~/lib/contracts/resume-content").catch(() => undefined);
  if (!check) return true;
  return check.detectResumeType(new Uint8Array(await file.arrayBuffer())) !== undefined;
}
