import { describe, expect, it } from "vitest";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";
import { fileKindOf } from "./file-content";
import { photoFormats } from "./photo-limits";
import { detectAttachmentType } from "./quote-check";
import { detectResumeType } from "./resume-content";

const webp = new Uint8Array([...new TextEncoder().encode("RIFF"), 26, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 "), 0, 0, 0, 0]);

describe("the one check of what a file is (resumes, quote attachments, studio photos)", () => {
  it("tells each kind by its bytes, among the kinds asked for", () => {
    const all = ["pdf", "doc", "docx", "odt", "rtf", "txt", "jpeg", "png", "webp", "xlsx"] as const;
    expect(Object.fromEntries(Object.entries(resumeSamples).map(([name, bytes]) => [name, fileKindOf(bytes, all)]))).toEqual({
      pdf: "pdf",
      doc: "doc",
      docx: "docx",
      odt: "odt",
      rtf: "rtf",
      txt: "txt",
      jpeg: "jpeg",
      png: "png",
    });
    expect(fileKindOf(notResumeSamples.xlsx, all)).toBe("xlsx");
    expect(fileKindOf(webp, all)).toBe("webp");
    for (const name of ["elf", "exe", "html", "htmlAfterBom", "docm", "exeInZip", "xls", "invalidUtf8", "controlCharacters"] as const) {
      expect([name, fileKindOf(notResumeSamples[name], all)]).toEqual([name, undefined]);
    }
  });

  it("gives each rule only its own kinds: a workbook is an attachment, not a resume; a photo is neither a PDF nor text", () => {
    expect(detectResumeType(notResumeSamples.xlsx)).toBeUndefined();
    expect(detectAttachmentType(notResumeSamples.xlsx)).toBe("xlsx");
    expect(detectAttachmentType(resumeSamples.docx)).toBeUndefined();
    expect(detectAttachmentType(resumeSamples.txt)).toBeUndefined();
    expect(fileKindOf(webp, photoFormats)).toBe("webp");
    expect(fileKindOf(resumeSamples.jpeg, photoFormats)).toBe("jpeg");
    expect(fileKindOf(resumeSamples.pdf, photoFormats)).toBeUndefined();
    expect(detectResumeType(webp)).toBeUndefined();
  });
});
