import { describe, expect, it } from "vitest";
import { detectResumeType } from "./resume-content";
import { acceptedResumeTypesText, resumeAcceptAttribute, withResumeExtension } from "./resume-type";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";

describe("detectResumeType", () => {
  it.each(Object.entries(resumeSamples))("knows a %s by its content", (type, bytes) => {
    expect(detectResumeType(bytes)).toBe(type);
  });

  it.each(Object.entries(notResumeSamples))("refuses %s", (_, bytes) => {
    expect(detectResumeType(bytes)).toBeUndefined();
  });

  it("takes UTF-8 text with a BOM, refuses an empty file and a ZIP whose directory is cut off", () => {
    expect(detectResumeType(new Uint8Array([0xef, 0xbb, 0xbf, ...resumeSamples.txt]))).toBe("txt");
    expect(detectResumeType(new Uint8Array())).toBeUndefined();
    expect(detectResumeType(resumeSamples.docx.subarray(0, resumeSamples.docx.length - 30))).toBeUndefined();
  });

  // The server runs this on whatever a client posts: it must answer, never throw.
  it("answers, never throws, on every cut of every sample and on archives that lie about their directory", () => {
    for (const bytes of [...Object.values(resumeSamples), ...Object.values(notResumeSamples)]) {
      for (let length = 0; length <= bytes.length; length++) expect(() => detectResumeType(bytes.subarray(0, length))).not.toThrow();
    }
    const lying = new Uint8Array(resumeSamples.docx);
    const end = lying.length - 22;
    new DataView(lying.buffer).setUint32(end + 16, 0xfffffff0, true); // the directory's offset past the end
    expect(detectResumeType(lying)).toBeUndefined();
    new DataView(lying.buffer).setUint16(end + 10, 0xffff, true); // more entries than there are
    expect(detectResumeType(lying)).toBeUndefined();
  });

  it("reads only the bytes it is given: a view into a larger buffer", () => {
    const buffer = new Uint8Array([0, 0, ...resumeSamples.docx, 0x7f]);
    expect(detectResumeType(buffer.subarray(2, 2 + resumeSamples.docx.length))).toBe("docx");
  });
});

describe("withResumeExtension", () => {
  it.each([
    ["resume.pdf", "pdf", "resume.pdf"],
    ["Resume.PDF", "pdf", "Resume.PDF"],
    ["scan.jpeg", "jpeg", "scan.jpeg"],
    ["scan.jpg", "jpeg", "scan.jpg"],
    ["resume.pdf.html", "pdf", "resume.pdf.pdf"],
    ["cv.html", "txt", "cv.txt"],
    ["resume", "docx", "resume.docx"],
    [".pdf", "pdf", ".pdf"],
  ] as const)("%s holding a %s is sent as %s", (name, type, expected) => {
    expect(withResumeExtension(name, type)).toBe(expected);
  });
});

describe("the accepted types, as the form and the messages name them", () => {
  it("offers exactly these in the file picker", () => {
    expect(resumeAcceptAttribute.split(",")).toEqual(
      expect.arrayContaining([".pdf", ".doc", ".docx", ".odt", ".rtf", ".txt", ".jpg", ".jpeg", ".png", "application/pdf", "text/plain"]),
    );
    expect(resumeAcceptAttribute).not.toMatch(/\.exe|\.html|\*/);
    expect(acceptedResumeTypesText).toBe("PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG");
  });
});
