import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { QuotationSettings } from "../app/lib/contracts/server-settings";
import { readSiteContent } from "../app/content/reader/site-content.server";
import { fixtureContentDir } from "../fixtures/fixture-content";
import { readBuildSettings } from "../server/platform/live-site";
import { serverSettings } from "../scripts/build/steps/server-settings.mjs";

/**
 * The quotation settings a server serves for a copy of the fixture content whose
 * content/quotations.yaml (the studio's "Quotations") `change` edited: read as the build reads it,
 * written to server-settings.json by the build's step and read back as the server reads a build
 * (at start and after each publish).
 */
export async function quotationSettingsFromContent(change: (yaml: string) => string): Promise<QuotationSettings> {
  const parent = await mkdtemp(join(tmpdir(), "quotation-content-"));
  try {
    const dir = join(parent, "content");
    await cp(fixtureContentDir, dir, { recursive: true });
    const file = join(dir, "quotations.yaml");
    const before = await readFile(file, "utf8");
    const after = change(before);
    expect(after, "the edit changes content/quotations.yaml").not.toBe(before);
    await writeFile(file, after);
    const content = await readSiteContent(dir);
    const buildDir = join(parent, "build");
    await mkdir(join(buildDir, "client"), { recursive: true });
    await serverSettings.run({ buildDir, content, siteUrl: undefined });
    const settings = readBuildSettings(join(buildDir, "client")).quotation;
    if (!settings) throw new Error("the build wrote no quotation settings");
    return settings;
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}
