import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { ContentError, readSiteContent } from "./site-content.server";

// The privacy notice as the build reads it (content/privacy.yaml): the words are the studio's, each
// form's fields and the days applications are kept are filled in, so they cannot drift.

const temps: string[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function copyOfContent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "privacy-content-"));
  temps.push(parent);
  const dir = join(parent, "content");
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = await readFile(path, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(path, after);
}

const privacyOf = async (dir?: string) => (await readSiteContent(dir)).modules.privacy;

describe("the privacy notice", () => {
  it("lists every field each form sends, named by the form's own label, in the form's order", async () => {
    const { forms } = await privacyOf();
    expect(forms.map((f) => [f.form, f.fields])).toEqual([
      ["contact", ["Name", "Email", "Subject", "Message"]],
      ["career", ["Name", "Email", "Phone", "Position", "Cover letter (optional)", "Resume"]],
      [
        "quote",
        [
          "Product",
          "Quantity (pieces)",
          "Number of colours",
          "Sizes or size range",
          "Target price per piece (optional)",
          "Currency",
          "Notes on this product (optional)",
          "Company name",
          "Contact name",
          "Business e-mail",
          "Phone (optional)",
          "Country",
          "Buyer type",
          "Incoterm",
          "Destination port or city",
          "Wished delivery month",
          "Payment mode",
          "Message (optional)",
          "Tech pack, spec sheet or reference photos (optional)",
        ],
      ],
    ]);
  });

  it("follows a renamed label of a form", async () => {
    const dir = await copyOfContent();
    await edit(dir, "quote.yaml", (t) => t.replace("phoneLabel: Phone (optional)", "phoneLabel: Telephone (optional)"));
    const quote = (await privacyOf(dir)).forms.find((f) => f.form === "quote")!;
    expect(quote.fields).toContain("Telephone (optional)");
    expect(quote.fields).not.toContain("Phone (optional)");
  });

  it("names the days applications are kept: the Career form's setting, or APPLICATION_RETENTION_DAYS as the server uses it", async () => {
    const dir = await copyOfContent();
    await edit(dir, "career.yaml", (t) => t.replace(/^retentionDays: \d+$/m, "retentionDays: 45"));
    const kept = async () => (await privacyOf(dir)).forms.find((f) => f.form === "career")!.kept.join(" ");
    expect(await kept()).toBe("45 days, then deleted automatically.");
    vi.stubEnv("APPLICATION_RETENTION_DAYS", "30");
    expect(await kept()).toBe("30 days, then deleted automatically.");
  });

  it("splits texts into paragraphs at blank lines, fills {site.…} in and dates the notice", async () => {
    const privacy = await privacyOf();
    const { site } = (await readSiteContent()).modules;
    expect(privacy.intro).toHaveLength(2);
    expect(privacy.intro[1]).toBe(`Questions about your data: ${site.email}.`);
    expect(privacy.updatedLine).toBe("Updated on 1 October 2026");
    expect(privacy.rights.text).toEqual([`Write to ${site.email} to have a copy of your data or have it deleted.`, "We answer within one month."]);
  });

  it("refuses a career text without {days}, naming the file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "privacy.yaml", (t) => t.replace('kept: "{days} days, then deleted automatically."', "kept: Half a year."));
    const error = await privacyOf(dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems.join("\n")).toMatch(/privacy\.yaml: career\.kept: .*\{days\}/);
  });
});
