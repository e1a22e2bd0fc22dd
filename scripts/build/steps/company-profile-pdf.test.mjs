import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSiteContent } from "../../../app/content/reader/site-content.server.ts";
import { fixtureContentDir } from "../../../fixtures/fixture-content.ts";
import { documentLang, pdfText } from "../../../test-support/pdf-text.ts";
import { tempBuild } from "../temp-build.mjs";
import { companyProfilePdf } from "./company-profile-pdf.mjs";

const builds = [];
afterEach(() => Promise.all(builds.splice(0).map((build) => build.remove())));
/** A build folder of its own; the PDF cache inside the first one, so the builds of a test share it. */
const newBuild = async () => {
  const build = await tempBuild();
  builds.push(build);
  return { ...build, cacheDir: join(builds[0].buildDir, "pdf-cache") };
};

// Each profile drawn embeds the fonts: a second or more on a busy machine.
describe("company-profile-pdf step", { timeout: 60_000 }, () => {
  it("writes the About page's download in each language that has one, from the content the runner read (decision 0188)", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const renamed = { ...content, modules: { ...content.modules, site: { ...content.modules.site, name: "Renamed Sourcing Ltd." } } };
    const build = await newBuild();
    await companyProfilePdf.run({ ...build, content: renamed }, { cacheDir: build.cacheDir });
    await build.files.write();
    const english = await readFile(join(build.buildDir, "client/company-profile.pdf"));
    const german = await readFile(join(build.buildDir, "client/de/company-profile.pdf"));
    expect(await pdfText(english)).toContain("Renamed Sourcing Ltd.");
    const germanText = await pdfText(german);
    expect(germanText).toContain("Renamed Sourcing Ltd.");
    expect(germanText).toContain("Unternehmensprofil");
    expect([documentLang(english), documentLang(german)]).toEqual(["en", "de"]);
  });

  it("takes an unchanged profile from the PDF cache as it was, and draws anew the one whose words changed (decision 0195)", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const first = await newBuild();
    expect(await companyProfilePdf.run({ ...first, content }, { cacheDir: first.cacheDir })).toMatch(/; 2 drawn, 0 from the cache$/);

    const second = await newBuild();
    expect(await companyProfilePdf.run({ ...second, content }, { cacheDir: second.cacheDir })).toMatch(/; 0 drawn, 2 from the cache$/);
    // The same bytes, its metadata's date and file ID the first build's: the file a buyer has is the one served.
    for (const path of ["company-profile.pdf", "de/company-profile.pdf"]) expect(second.files.bytes(path).equals(first.files.bytes(path)), path).toBe(true);

    const { de } = content.companyProfiles;
    const retitled = { ...content, companyProfiles: { ...content.companyProfiles, de: { ...de, words: { ...de.words, title: "Firmenprofil" } } } };
    const third = await newBuild();
    expect(await companyProfilePdf.run({ ...third, content: retitled }, { cacheDir: third.cacheDir })).toMatch(/; 1 drawn, 1 from the cache$/);
    expect(third.files.bytes("company-profile.pdf").equals(first.files.bytes("company-profile.pdf"))).toBe(true);
    const german = await pdfText(third.files.bytes("de/company-profile.pdf"));
    expect(german).toContain("Firmenprofil");
    expect(german).not.toContain("Unternehmensprofil");
  });
});
