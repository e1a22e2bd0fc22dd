import { describe, expect, it } from "vitest";
import { attachmentTypeIds } from "../../app/lib/contracts/quote-check";
import { photoFormats } from "../../app/lib/contracts/photo-limits";
import { resumeTypeIds } from "../../app/lib/contracts/resume-content";
import { notResumeSamples, resumeSamples } from "../../test-support/resume-samples";
import { fileKindFromBytes } from "./file-kind";

const all = ["pdf", "doc", "docx", "odt", "rtf", "txt", "jpeg", "png", "webp", "xlsx"] as const;
const utf8 = (text: string) => new TextEncoder().encode(text);
const webp = new Uint8Array([...utf8("RIFF"), 26, 0, 0, 0, ...utf8("WEBPVP8 "), 0, 0, 0, 0]);

describe("the server's one check of what a file is (file-type, then the policy's rules)", () => {
  it("takes exactly what the policy takes: one sample of each kind, and nothing of what the probes sent", async () => {
    const kinds = Object.fromEntries(
      await Promise.all(Object.entries(resumeSamples).map(async ([name, bytes]) => [name, await fileKindFromBytes(bytes, all)])),
    );
    expect(kinds).toEqual({ pdf: "pdf", doc: "doc", docx: "docx", odt: "odt", rtf: "rtf", txt: "txt", jpeg: "jpeg", png: "png" });
    expect(await fileKindFromBytes(notResumeSamples.xlsx, all)).toBe("xlsx");
    expect(await fileKindFromBytes(webp, all)).toBe("webp");
    for (const name of ["elf", "exe", "html", "htmlAfterBom", "docm", "exeInZip", "xls", "invalidUtf8", "controlCharacters"] as const) {
      expect([name, await fileKindFromBytes(notResumeSamples[name], all)]).toEqual([name, undefined]);
    }
    expect(await fileKindFromBytes(new Uint8Array(), all)).toBeUndefined();
  });

  it("gives each rule only its own kinds: resumes, quote attachments, studio photos", async () => {
    expect(await fileKindFromBytes(notResumeSamples.xlsx, resumeTypeIds)).toBeUndefined();
    expect(await fileKindFromBytes(notResumeSamples.xlsx, attachmentTypeIds)).toBe("xlsx");
    expect(await fileKindFromBytes(resumeSamples.docx, attachmentTypeIds)).toBeUndefined();
    expect(await fileKindFromBytes(resumeSamples.txt, attachmentTypeIds)).toBeUndefined();
    expect(await fileKindFromBytes(resumeSamples.pdf, attachmentTypeIds)).toBe("pdf");
    expect(await fileKindFromBytes(webp, photoFormats)).toBe("webp");
    expect(await fileKindFromBytes(resumeSamples.jpeg, photoFormats)).toBe("jpeg");
    expect(await fileKindFromBytes(resumeSamples.pdf, photoFormats)).toBeUndefined();
    expect(await fileKindFromBytes(webp, resumeTypeIds)).toBeUndefined();
  });

  it("refuses as a plain-text resume what the library knows to be another format (a PostScript program)", async () => {
    const postScript = utf8("%!PS-Adobe-3.0\n%%Title: resume\n/Helvetica findfont 12 scalefont setfont\n72 720 moveto (Rahim Uddin) show\nshowpage\n");
    expect(await fileKindFromBytes(postScript, resumeTypeIds)).toBeUndefined();
  });
});
