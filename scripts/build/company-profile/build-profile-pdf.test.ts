import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../app/content/reader/site-content.server";
import { richTextParagraphs } from "../../../app/content/rich-text";
import { buildCompanyProfilePdf } from "./build-profile-pdf";

const { about, site } = (await loadSiteContent()).modules;

describe("company profile PDF", () => {
  it("is a PDF carrying the company's name, turnover and contact from content/", async () => {
    const bytes = await buildCompanyProfilePdf();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(site.name);
    expect(flat).toContain(`USD ${site.turnover.currentUsdMillions} million`);
    expect(flat).toContain(`USD ${site.turnover.projectedUsdMillions} million`);
    expect(flat).toContain(site.email);
    for (const certificate of site.certificates) expect(flat).toContain(certificate);
    expect(flat).toContain(richTextParagraphs(about.intro)[0]!.slice(0, 40));
    expect(flat).toContain(`Page ${totalPages} of ${totalPages}`);
  });
});
