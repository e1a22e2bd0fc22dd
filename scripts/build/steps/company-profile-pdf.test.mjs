import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSiteContent } from "../../../app/content/reader/site-content.server.ts";
import { fixtureContentDir } from "../../../fixtures/fixture-content.ts";
import { documentLang, pdfText } from "../../../test-support/pdf-text.ts";
import { tempBuild } from "../temp-build.mjs";
import { companyProfilePdf } from "./company-profile-pdf.mjs";

let build;
afterEach(() => build?.remove());

describe("company-profile-pdf step", { timeout: 30_000 }, () => {
  it("writes the About page's download in each language that has one, from the content the runner read (decision 0188)", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const renamed = { ...content, modules: { ...content.modules, site: { ...content.modules.site, name: "Renamed Sourcing Ltd." } } };
    build = await tempBuild();
    await companyProfilePdf.run({ ...build, content: renamed });
    await build.files.write();
    const english = await readFile(join(build.buildDir, "client/company-profile.pdf"));
    const german = await readFile(join(build.buildDir, "client/de/company-profile.pdf"));
    expect(await pdfText(english)).toContain("Renamed Sourcing Ltd.");
    const germanText = await pdfText(german);
    expect(germanText).toContain("Renamed Sourcing Ltd.");
    expect(germanText).toContain("Unternehmensprofil");
    expect([documentLang(english), documentLang(german)]).toEqual(["en", "de"]);
  });
});
