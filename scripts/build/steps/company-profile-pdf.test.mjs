import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../app/content/reader/site-content.server.ts";
import { tempBuild } from "../temp-build.mjs";
import { companyProfilePdf } from "./company-profile-pdf.mjs";

let build;
afterEach(() => build?.remove());

describe("company-profile-pdf step", () => {
  it("writes the About page's download from the content the runner read", async () => {
    const content = await loadSiteContent();
    const renamed = { ...content, modules: { ...content.modules, site: { ...content.modules.site, name: "Renamed Sourcing Ltd." } } };
    build = await tempBuild();
    await companyProfilePdf.run({ ...build, content: renamed });
    await build.files.write();
    const bytes = new Uint8Array(await readFile(join(build.buildDir, "client/company-profile.pdf")));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain("Renamed Sourcing Ltd.");
  });
});
