import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { quotationSettingsDefaults, quotationWordsIn } from "../../lib/contracts/server-settings";
import { ContentError } from "./entries.server";
import { readSiteContent } from "./site-content.server";

describe("the buyer's words in another language (content/translations/<code>/, decision 0164)", () => {
  it("reads the fixture's German quotation words and reply templates for the server; a word left out is English", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const german = content.translations.quotations.de!;
    expect(german.page?.title).toBe("Angebot {label}");
    const words = quotationWordsIn({ ...quotationSettingsDefaults, translations: { de: { ...german, page: { ...german.page, issued: "" } } } }, "de");
    expect(words.acknowledgement.subject).toBe("Ihre Angebotsanfrage");
    expect(words.pdf.date).toBe("Datum");
    // Empty or missing: the English word, never an empty one.
    expect(words.page.issued).toBe("Issued");
    expect(quotationWordsIn({ ...quotationSettingsDefaults, translations: { de: german } }, "xx").page.title).toBe("Quotation {label}");
    expect(content.translations.replyTemplates.de!.map((t) => t.name)).toEqual([
      "Vielen Dank, wir kümmern uns darum",
      "Angebot folgt",
      "Nachfrage zu einem unbeantworteten Angebot",
    ]);
  });

  it("stops the build on a word the English source does not have, a lost slot or a template no English one names", async () => {
    const root = await mkdtemp(join(tmpdir(), "translations-"));
    try {
      await cp(fixtureContentDir, root, { recursive: true });
      await writeFile(join(root, "translations/de/quotations.yaml"), "page:\n  title: Angebot\n  titel: Angebot {label}\n");
      await writeFile(join(root, "translations/de/reply-templates.yaml"), "templates:\n  - english: No such template\n    name: Kein\n    text: Kein\n");
      const error = await readSiteContent(root).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ContentError);
      const message = (error as Error).message;
      expect(message).toContain("translations/de/quotations.yaml: page.title: must have the slots of the English words (label)");
      expect(message).toContain("translations/de/quotations.yaml: page.titel: not a word of the English source");
      expect(message).toContain('translations/de/reply-templates.yaml: templates.0: no English template is named "No such template"');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
