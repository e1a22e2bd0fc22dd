// What a resume may be: one rule for the career form (its `accept` list) and the server
// (server/intake/emailjs.ts, the guard), so the list and the message cannot drift apart. The check of
// a file's content against these types is in resume-content.ts, a module of its own: the career
// form loads it when a file is chosen, not with the page.

export type ResumeType = {
  /** How the messages name the type (content/career.yaml and content/form-results.yaml name every one). */
  label: string;
  /** The attachment's Content-Type in the mail. */
  mimeType: string;
  /** The first is the one a file name gets when its own extension does not match. */
  extensions: readonly string[];
};

export const resumeTypes = {
  pdf: { label: "PDF", mimeType: "application/pdf", extensions: [".pdf"] },
  doc: { label: "DOC", mimeType: "application/msword", extensions: [".doc"] },
  docx: {
    label: "DOCX",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: [".docx"],
  },
  odt: { label: "ODT", mimeType: "application/vnd.oasis.opendocument.text", extensions: [".odt"] },
  rtf: { label: "RTF", mimeType: "application/rtf", extensions: [".rtf"] },
  txt: { label: "TXT", mimeType: "text/plain; charset=utf-8", extensions: [".txt"] },
  jpeg: { label: "JPEG", mimeType: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  png: { label: "PNG", mimeType: "image/png", extensions: [".png"] },
} as const satisfies Record<string, ResumeType>;

export type ResumeTypeId = keyof typeof resumeTypes;

// The top-level values below are computed by calls marked pure: Rollup keeps a module whose top level
// calls functions it cannot prove pure, so every page importing the forms feature (the home page and
// /contact, for the contact form alone) loaded this module (+1.3 kB gzip, docs/performance.md).
const allTypes = /* @__PURE__ */ Object.values(resumeTypes) as ResumeType[];

/** "PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG" — the server's reasons; content texts say the same. */
export const acceptedResumeTypesText = /* @__PURE__ */ (() =>
  `${allTypes
    .slice(0, -1)
    .map((t) => t.label)
    .join(", ")} or ${allTypes.at(-1)!.label}`)();

/** The file input's `accept`: extensions and MIME types, so every browser's picker offers exactly these. */
export const resumeAcceptAttribute = /* @__PURE__ */ (() =>
  [...allTypes.flatMap((t) => t.extensions), ...new Set(allTypes.map((t) => t.mimeType.split(";")[0]!))].join(","))();

/**
 * The file name with an extension of its detected type: kept when it already has one, else the
 * last extension replaced (`resume.pdf.html` holding a PDF → `resume.pdf.pdf`), else added.
 * Mail clients open an attachment by its name, so the name must not promise another program.
 */
export function withResumeExtension(fileName: string, type: ResumeTypeId): string {
  const { extensions } = resumeTypes[type] as ResumeType;
  const dot = fileName.lastIndexOf(".");
  const extension = dot >= 0 ? fileName.slice(dot).toLowerCase() : "";
  if (extensions.includes(extension)) return fileName;
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}${extensions[0]}`;
}
