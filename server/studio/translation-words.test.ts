import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { translationText, wordsOf } from "./translations";

// A translated type whose words sit in nested fields (decision 0167: the contact page's map.title,
// the job pages' employmentTypes.FULL_TIME): the report, the XLIFF export and its import name each
// by its path, and a translation is written back in the English file's shape, words only.

describe("the words of a translated type with nested fields", () => {
  it("are read by their paths, without the addresses and pictures, and written back in the English file's shape", async () => {
    const english = wordsOf("contact", await readFile(join(fixtureContentDir, "contact.yaml"), "utf8"));
    expect(english).toMatchObject({ addressLabel: "Address", "map.showLabel": "Show map", "form.heading": "Get In Touch" });
    expect(Object.keys(english).some((field) => /url|image/i.test(field))).toBe(false);

    const german = { ...english, "map.showLabel": "Karte anzeigen", "form.heading": "Kontakt aufnehmen" };
    const written = parse(translationText("contact", german)) as Record<string, Record<string, string>>;
    expect(written.map!.showLabel).toBe("Karte anzeigen");
    expect(written.map).not.toHaveProperty("embedUrl");
    expect(written.form).toEqual({ heading: "Kontakt aufnehmen", intro: english["form.intro"] });
    expect(wordsOf("contact", translationText("contact", german))).toEqual(german);
  });

  it("reads the job pages' employment types and salary periods one by one", async () => {
    const german = wordsOf("jobsPage", await readFile(join(fixtureContentDir, "jobs/de.yaml"), "utf8"));
    expect(german).toMatchObject({ "employmentTypes.FULL_TIME": "Vollzeit", "salaryUnits.MONTH": "pro Monat", heading: "Offene Stellen" });
  });
});
