import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { quotationSettingsDefaults } from "../../lib/contracts/server-settings";
import { ContentError, readSiteContent } from "./site-content.server";

// The studio's "Quotations" (content/quotations.yaml, decision 0120): a new draft's validity and
// terms and the buyer's page's words, read for the server (not a page's module) and checked as the
// studio checks them.

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function editedCopy(change: (text: string) => string): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "quotations-content-"));
  temps.push(parent);
  const dir = join(parent, "content");
  await cp(fixtureContentDir, dir, { recursive: true });
  const file = join(dir, "quotations.yaml");
  const before = await readFile(file, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(file, after);
  return dir;
}

describe("the studio's quotations", () => {
  it("are read for the server, not a page: the validity, the terms and every word of the buyer's page (today's words)", async () => {
    const content = await readSiteContent(fixtureContentDir);
    expect(Object.keys(content.modules)).not.toContain("quotations");
    const { validityDays, paymentTerms, sampleTerms, terms, page } = content.quotations;
    expect({ validityDays, paymentTerms, sampleTerms, terms, page }).toEqual({
      validityDays: quotationSettingsDefaults.validityDays,
      paymentTerms: quotationSettingsDefaults.paymentTerms,
      sampleTerms: quotationSettingsDefaults.sampleTerms,
      terms: quotationSettingsDefaults.terms,
      page: quotationSettingsDefaults.page,
    });
  }, 30_000);

  it("refuses a word that lost its slot and a validity of no days, naming the file and the field", async () => {
    const dir = await editedCopy((yaml) => yaml.replace("title: Quotation {label}", "title: Quotation").replace("validityDays: 30", "validityDays: 0"));
    const error = await readSiteContent(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join("\n");
    expect(problems).toMatch(/quotations\.yaml: page\.title: .*\{label\}/);
    expect(problems).toMatch(/quotations\.yaml: validityDays/);
  }, 30_000);
});
