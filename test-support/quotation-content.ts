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
export function quotationSettingsFromContent(change: (yaml: string) => string): Promise<QuotationSettings> {
  return quotationSettingsFromCopy(async (dir) => {
    const file = join(dir, "quotations.yaml");
    const before = await readFile(file, "utf8");
    const after = change(before);
    expect(after, "the edit changes content/quotations.yaml").not.toBe(before);
    await writeFile(file, after);
  });
}

/** The quotation settings a server serves for a copy of the fixture content that `edit` changed (given the copy's folder). */
export async function quotationSettingsFromCopy(edit: (contentDir: string) => Promise<void>): Promise<QuotationSettings> {
  const parent = await mkdtemp(join(tmpdir(), "quotation-content-"));
  try {
    const dir = join(parent, "content");
    await cp(fixtureContentDir, dir, { recursive: true });
    await edit(dir);
    return await quotationSettingsOf(dir);
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

/**
 * What a server reads (`read`, given the build's client folder) from a build of `contentDir`: its
 * content read as the build reads it, server-settings.json written by the build's step.
 */
export async function fromBuildOf<T>(contentDir: string, read: (clientDir: string) => T | Promise<T>): Promise<T> {
  const buildDir = await mkdtemp(join(tmpdir(), "content-build-"));
  try {
    const content = await readSiteContent(contentDir);
    await mkdir(join(buildDir, "client"), { recursive: true });
    await serverSettings.run({ buildDir, content, siteUrl: undefined });
    return await read(join(buildDir, "client"));
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

/** The quotation settings a server serves for a build of `contentDir` (the buyer's words in each language among them, decision 0164). */
export async function quotationSettingsOf(contentDir: string): Promise<QuotationSettings> {
  const settings = await fromBuildOf(contentDir, (clientDir) => readBuildSettings(clientDir).quotation);
  if (!settings) throw new Error("the build wrote no quotation settings");
  return settings;
}
