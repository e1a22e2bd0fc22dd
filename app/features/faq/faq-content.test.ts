import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import { faqEntryCount } from "~/lib/contracts/constants";

const all = () => faq.entries.map((e) => `${e.question} ${richTextToPlain(e.answer)}`).join("\n");

describe("FAQ content (SPEC §3)", () => {
  it(`has ${faqEntryCount} entries with unique ids`, () => {
    expect(faq.entries).toHaveLength(faqEntryCount);
    expect(new Set(faq.entries.map((e) => e.id)).size).toBe(faqEntryCount);
  });

  it("states the business facts buyers ask about", () => {
    const text = all();
    for (const fact of [
      "exporter, trader, sourcer and manufacturer",
      "retailers, wholesalers, importers and distributors",
      "30-90 days",
      "90-120 days",
      "30-120 days",
      "500 pieces per color",
      "LC, TT, DP, CAD, DAP and CASH",
      "e-mail or by a messaging app",
      "By e-mail",
      "by phone",
      "career page of our website, or send your resume by e-mail",
    ]) {
      expect(text).toContain(fact);
    }
  });
});
