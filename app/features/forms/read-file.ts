import { resumeMaxBytes } from "~/lib/contracts/constants";

/** SPEC §5: a resume over 50KB (50 × 1024 bytes) is not taken. */
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
