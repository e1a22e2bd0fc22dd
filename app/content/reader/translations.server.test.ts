import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { fixtureContentCopies } from "../../../test-support/temp-dirs";
import { richTextToPlain } from "../rich-text";
import { ContentError, readSiteContent } from "./site-content.server";

// Content per language (decision 0165): the fixture translates one FAQ question (moq) and the FAQ
// page's words into German; everything else falls back to the English entry, marked with its `lang`.

const { copy: copyOfContent } = fixtureContentCopies("translations-");

describe("each language's FAQ and page words", () => {
  it("gives a German page the translated question with its own lang, and the English ones marked English", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.faqs.de!;
    const moq = de.entries.find((e) => e.id === "moq")!;
    expect(moq.question).toBe("Wie hoch ist Ihre Mindestbestellmenge (MOQ)?");
    expect(richTextToPlain(moq.answer)).toMatch(/^Unsere Mindestbestellmenge beträgt \d+ Stück pro Farbe und Modell\.$/);
    expect(moq.lang).toBe("de");
    const leadTime = de.entries.find((e) => e.id === "lead-time")!;
    expect(leadTime.question).toBe("What is your lead time?");
    expect(leadTime.lang).toBe("en");
    // The FAQ page's heading and intro are not translated in the fixture: English, marked.
    expect(de.heading).toBe(modules.faq.heading);
    expect(de.lang).toBe("en");
    // The order and the video stay the English entry's.
    expect(de.entries.map((e) => e.id)).toEqual(modules.faq.entries.map((e) => e.id));
    expect(de.bannerVideo).toEqual(modules.faq.bannerVideo);
  });

  it("marks nothing on the default language's FAQ", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const en = modules.faqs.en!;
    expect(en.lang).toBeNull();
    expect(en.entries.every((e) => e.lang === null)).toBe(true);
    expect(en.entries.find((e) => e.id === "moq")!.question).toBe("What is your minimum order quantity (MOQ)?");
  });

  it("gives the German pages' words (title, search description) where a page is translated, the English ones marked elsewhere", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.messages.de!.pages;
    expect(de.faq.title).toBe("Häufig gestellte Fragen");
    expect(de.faq.description).toMatch(/^Antworten für Einkäufer/);
    expect(de.faq.lang).toBe("de");
    expect(de.faq.bannerImage).toBe(modules.pages.faq.bannerImage);
    expect(de.contact.title).toBe(modules.pages.contact.title);
    expect(de.contact.lang).toBe("en");
    expect(modules.messages.en!.pages.faq.lang).toBeNull();
  });

  it("takes a translated FAQ page's heading and intro", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "faq/de.yaml"), "heading: Fragen und Antworten\nintro: Kurze Antworten auf die Fragen, die Einkäufer uns am häufigsten stellen.\n");
    const { modules } = await readSiteContent(dir);
    expect(modules.faqs.de).toMatchObject({ heading: "Fragen und Antworten", lang: "de" });
  });

  it("shows no translation whose English question was deleted, and builds", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "faq/de/no-such-question.mdoc"), "---\nquestion: Gibt es diese Frage?\n---\nNein.\n");
    const { modules } = await readSiteContent(dir);
    expect(modules.faqs.de!.entries.map((entry) => entry.question)).not.toContain("Gibt es diese Frage?");
    expect(modules.faqs.de!.entries).toHaveLength(modules.faqs.en!.entries.length);
  });

  it("refuses a page translation with no page of its id, naming the file", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "pages/de/no-such-page.yaml"), "title: Keine\nheading: Keine\nbreadcrumb: Keine\ndescription: Eine Seite, die es auf Englisch nicht gibt, und ihre Beschreibung.\n");
    const error = await readSiteContent(dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toContain("content/pages/de/no-such-page.yaml: no English page of this id (content/pages/no-such-page.yaml)");
  });
});
