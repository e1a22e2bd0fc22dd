import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { serverSettings } from "./server-settings.mjs";

let build;
afterEach(() => build?.remove());

describe("server-settings step", () => {
  it("writes the retention of job applications the content gives and the site's address, beside the client files", async () => {
    build = await tempBuild();
    const content = { modules: { career: { retentionDays: 90 }, site: { url: "https://www.company.example/" } } };
    const summary = await serverSettings.run({ ...build, content });
    expect(summary).toBe("applications kept 90 days");
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"))).toEqual({ applicationRetentionDays: 90, siteUrl: "https://www.company.example", replyTemplates: [] });
    // SITE_URL, as the canonical links take it, before the content's website.
    await serverSettings.run({ ...build, content, siteUrl: "https://shop.company.example" });
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"))).toMatchObject({ siteUrl: "https://shop.company.example" });
  });

  it("hands the studio's reply templates to the server (the staff desk's reply form)", async () => {
    build = await tempBuild();
    const replyTemplates = [{ name: "Thanks", text: "Dear {name}, thank you ({reference})." }];
    const content = { modules: { career: { retentionDays: 90 }, site: { url: "https://www.company.example/" } }, replyTemplates };
    await serverSettings.run({ ...build, content });
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8")).replyTemplates).toEqual(replyTemplates);
  });
});
