import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSiteContent } from "../../app/content/reader/site-content.server";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { untaggedContentReaders } from "../../e2e/content-tag";
import { applyStaffEdits } from "./staff-edits.mjs";

// The edits the staff-edit check makes, tried on the fixture content: each one happens, and the
// result is content the studio and the build accept (the check then builds the company's content
// edited the same way and runs the end-to-end suite on it).

describe("the staff-edit check's edits", { timeout: 60_000 }, () => {
  let work;
  afterEach(() => rm(work, { recursive: true, force: true }));

  it("delete three FAQ entries and add one, add an item with a photo, delete a family, rename an item, add and expire a job, change the phone, empty optional fields, change the retention and the privacy notice, add and expire certificates, fill and empty specifications", async () => {
    work = await mkdtemp(join(tmpdir(), "staff-edits-test-"));
    const content = join(work, "content");
    await cp(fixtureContentDir, content, { recursive: true });
    const before = await readSiteContent(content, { today: "2026-11-26" });

    const lines = await applyStaffEdits(content, { today: new Date("2026-11-26T08:00:00Z") });
    expect(lines).toHaveLength(11);
    const after = await readSiteContent(content, { today: "2026-11-26" });

    expect(after.modules.faq.entries.map((e) => e.id)).toEqual([before.modules.faq.entries[0].id, "samples-before-order"]);
    expect(after.gallery.map((f) => f.slug)).toEqual(["men", "nontextile"]);
    const men = after.gallery.find((f) => f.slug === "men");
    expect(men.items.map((i) => i.slug)).toEqual(["organic-cotton-tote", "tshirt", "hoodie", "footware-classic"]);
    expect(men.items[0].photos[0]).toMatchObject({ title: "Organic Cotton Tote, natural", image: "/media/gallery/men/organic-cotton-tote/photos/0/image.jpg" });
    expect(after.paths.galleryItems).not.toContain("/gallery/men/footware");
    expect(after.paths.galleryFamilies).not.toContain("/gallery/women");
    expect(after.modules.jobs.map((j) => j.slug)).toEqual(["export-documentation-officer", "pattern-maker"]);
    expect(after.modules.site.phone).toBe("+880 1999-555111");
    expect(after.modules.team.at(-1).text).toBe("");
    expect(after.gallery.find((f) => f.slug === "nontextile").video).toBeFalsy();
    expect(after.modules.career.retentionDays).toBe(90);
    expect(after.modules.privacy.forms.find((f) => f.form === "career").kept.join(" ")).toMatch(/\b90\b/);
    expect(after.modules.privacy.forms.find((f) => f.form === "quote").fields).toContain("Telephone or WhatsApp (optional)");
    expect(after.modules.privacy.intro.at(-1)).toBe("We wrote this notice in plain words; ask us if anything is unclear.");
    // Decisions 0076, 0077: a certificate added with its number, another expired; a specification filled and one emptied.
    expect(after.certificates.valid.map((r) => r.slug).sort()).toEqual(["gots-knit-partner", "oeko-tex-staff-added"]);
    expect(after.certificates.valid.find((r) => r.slug === "oeko-tex-staff-added").verify.url).toBe("https://www.oeko-tex.com/en/detail?number=24.HKR.56789");
    const hoodie = men.items.find((i) => i.slug === "hoodie").specs;
    expect(hoodie).toMatchObject({
      description: "Pull-over hoodie in brushed fleece, edited in the studio.",
      terms: { moqPiecesPerColour: 400, leadTimeDays: [50, 80] },
    });
    expect(hoodie.certificates).toEqual(["oeko-tex-staff-added", "gots-knit-partner"]);
    const tshirt = men.items.find((i) => i.slug === "tshirt").specs;
    expect(tshirt).toMatchObject({ description: "", compositions: [], certificates: [], terms: { moqPiecesPerColour: 500, leadTimeDays: null } });
  });
});

describe("which tests the staff-edit check runs (e2e/content-tag.ts)", { timeout: 120_000 }, () => {
  it("every test of every spec whose body reads the content under test carries the @content tag", async () => {
    const dir = new URL("../../e2e/", import.meta.url);
    const specs = (await readdir(dir)).filter((f) => f.endsWith(".spec.ts"));
    expect(specs.length).toBeGreaterThan(30);
    const files = Object.fromEntries(await Promise.all(specs.map(async (f) => [f, await readFile(new URL(f, dir), "utf8")])));
    expect(await untaggedContentReaders(files)).toEqual([]);
  });

  it("names a test that reads ./content or fixtures/content untagged, not one tagged or under a tagged describe, nor one whose own `content` shadows the import", async () => {
    const spec = `
      import { content, galleryItems as items } from "./content";
      import { fixtureContentDir } from "../fixtures/fixture-content";
      import { expect, test } from "./fixtures";
      const count = items.length;
      test("reads content", async ({ page }) => { await page.goto(content.pages.faq.path); });
      test.fail(\`reads \${count} items\`, async () => { expect(items).toHaveLength(1); });
      test("reads the fixture folder", async () => { expect(fixtureContentDir).toBeTruthy(); });
      test("names the fixture folder", async () => { readFileSync("fixtures/content/site.yaml"); });
      test("passes the content on", async () => { await check({ content }); });
      test("tagged", { tag: "@content" }, async () => { expect(content).toBeTruthy(); });
      test("tagged among others", { tag: ["@slow", "@content"] }, async () => { expect(content).toBeTruthy(); });
      test.describe("tagged describe", { tag: "@content" }, () => {
        test("inside", async () => { expect(items).toHaveLength(1); });
      });
      test.describe("untagged describe", () => {
        test.beforeEach(async ({ page }) => { await page.goto(content.pages.faq.path); });
        test("a page's own content", async ({ page }) => { const content = await page.content(); expect(content).toContain("<h1"); });
        test("a module value derived from the content", async () => { expect(count).toBeGreaterThan(0); });
        test("another tag", { tag: "@slow" }, async () => { expect(content).toBeTruthy(); });
      });
    `;
    expect(await untaggedContentReaders({ "sample.spec.ts": spec })).toEqual([
      'sample.spec.ts: "reads content"',
      "sample.spec.ts: `reads ${count} items`",
      'sample.spec.ts: "reads the fixture folder"',
      'sample.spec.ts: "names the fixture folder"',
      'sample.spec.ts: "passes the content on"',
      'sample.spec.ts: "another tag"',
    ]);
  });
});
