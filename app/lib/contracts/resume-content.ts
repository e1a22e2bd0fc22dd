// The resume rule on a file's content (resume-type.ts lists the types; the check itself is the one
// of file-content.ts, in the browser; the server asks server/platform/file-kind.ts). A module of its own so that the career form loads it only when a file is
// chosen (app/features/forms/read-file.ts): with it, /career's first load was 91 bytes under the
// 128 kB budget (decision 0031).
import { fileKindOf } from "./file-content";
import { resumeTypes, type ResumeTypeId } from "./resume-type";

/** Every resume type's id (the server's check takes these: server/platform/file-kind.ts). */
export const resumeTypeIds = /* @__PURE__ */ Object.keys(resumeTypes) as ResumeTypeId[];

/** The resume type of a file's content (the whole file: a resume is at most 50KB), or undefined when it is not one. */
export const detectResumeType = (bytes: Uint8Array): ResumeTypeId | undefined => fileKindOf(bytes, resumeTypeIds);
