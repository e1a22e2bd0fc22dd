import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { fixtureContentCopies } from "../../../test-support/temp-dirs";
import { ContentError, readSiteContent } from "./site-content.server";

// The words of a page's fixed parts per language (decision 0167): the fixture translates the contact
// page's, the career form's and the job pages' words into German; a language without a translation
// shows the English words, marked with the default language's `lang`.

const { copy: copyOfContent } = fixtureContentCopies("page-words-");

async function problemsOf(dir: string): Promise<string[]> {
  const error = await readSiteContent(dir).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems;
}

describe("each language's contact, career and job page words", () => {
  it("gives a German page the German words marked German, its {days} filled in; the English page's marked nothing", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.messages.de!;
    expect(de.contact).toMatchObject({ addressLabel: "Adresse", map: { showLabel: "Karte anzeigen" }, form: { heading: "Kontakt aufnehmen" }, lang: "de" });
    // Only the words: the map's addresses and picture stay the English entry's.
    expect(de.contact.map).not.toHaveProperty("embedUrl");
    expect(de.career.retentionNotice).toBe(`Wir bewahren Ihre Bewerbung und Ihren Lebenslauf ${modules.career.retentionDays} Tage lang auf, um Sie für diese und ähnliche Positionen berücksichtigen zu können, und löschen sie danach automatisch.`);
    expect(de.career.lang).toBe("de");
    expect(modules.jobWords.de).toMatchObject({ heading: "Offene Stellen", lang: "de" });
    const en = modules.messages.en!;
    expect(en.contact).toMatchObject({ addressLabel: "Address", form: { heading: "Get In Touch" }, lang: null });
    expect(en.career).toMatchObject({ retentionNotice: modules.career.retentionNotice, lang: null });
    expect(modules.jobWords.en!.lang).toBeNull();
  });

  it("words each open job's facts in the language: its employment type, the last day to apply and the salary in that language's formats", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const english = modules.jobWords.en!.facts["knitwear-merchandiser"];
    expect(english).toMatchObject({ employmentType: "Full-time", validThrough: "31 December 2099", salary: "BDT 80,000–120,000 per month" });
    expect(english!.summary).toBe(modules.jobs.find((j) => j.slug === "knitwear-merchandiser")!.summary);
    expect(modules.jobWords.de!.facts["knitwear-merchandiser"]).toMatchObject({
      employmentType: "Vollzeit",
      validThrough: "31. Dezember 2099",
      salary: "BDT 80.000–120.000 pro Monat",
      summary: expect.stringMatching(/^Knitwear Merchandiser in Dhaka, Abteilung Merchandising: /),
    });
  });

  it("shows the English words, marked English, in a language without a translation", async () => {
    const dir = await copyOfContent();
    await Promise.all(["contact/de.yaml", "career/de.yaml", "jobs/de.yaml"].map((file) => rm(join(dir, file))));
    const { modules } = await readSiteContent(dir);
    const de = modules.messages.de!;
    expect(de.contact).toMatchObject({ addressLabel: "Address", lang: "en" });
    expect(de.career).toMatchObject({ retentionNotice: modules.career.retentionNotice, lang: "en" });
    expect(modules.jobWords.de).toMatchObject({ heading: "Open positions", lang: "en" });
    // The facts in the words' language: an English date beside English words.
    expect(modules.jobWords.de!.facts["knitwear-merchandiser"]).toMatchObject({ employmentType: "Full-time", validThrough: "31 December 2099" });
  });

  it("refuses a translated retention notice without {days} and a job's search description out of bounds, naming file and field", async () => {
    const dir = await copyOfContent();
    const career = join(dir, "career/de.yaml");
    await writeFile(career, (await readFile(career, "utf8")).replace("{days} Tage", "einige Tage"));
    const jobs = join(dir, "jobs/de.yaml");
    await writeFile(jobs, (await readFile(jobs, "utf8")).replace(/^jobDescription: .*$/m, 'jobDescription: "{title}, {city}, {department}"'));
    const problems = await problemsOf(dir);
    expect(problems).toContain("content/career/de.yaml: retentionNotice: must contain {days}, so it names the number of days applications are kept");
    expect(problems).toContainEqual(expect.stringMatching(/^content\/jobs\/de\.yaml: jobDescription: the search description of pattern-maker is \d+ characters once filled in; it must be 50 to 170$/));
  });
});
