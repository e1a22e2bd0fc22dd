import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { ContentError, readSiteContent } from "./site-content.server";
import { specFacts } from "./products.server";

// Specifications and certificate records (decisions 0076, 0077) on the fixture content: a product
// with every specification (men/tshirt), one with none (men/hoodie), certificate records (one
// expired on 2024-06-30), and the expiry rule on an injected day.

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function copyOfContent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "products-content-"));
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

const itemOf = (content: Awaited<ReturnType<typeof readSiteContent>>, family: string, item: string) =>
  content.gallery.find((f) => f.slug === family)!.items.find((i) => i.slug === item)!;

describe("product specifications", () => {
  it("list only what is filled, in order, with the product's own minimum order and lead time", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const facts = specFacts(itemOf(content, "men", "tshirt").specs, content.catalogue);
    expect(facts.map((f) => [f.label, f.value])).toEqual([
      ["Construction", "Jersey"],
      ["Composition", "100% organic cotton, CVC 60/40"],
      ["Cotton", "Organic cotton, BCI cotton"],
      ["Fabric weight", "160–200 GSM"],
      ["Sizes", "XS–3XL"],
      ["Colourways", "Fixture Navy, Fixture Ecru"],
      ["Customisation", "Print, Embroidery, Private label"],
      ["Minimum order", "300 pieces per colour"],
      ["Lead time", "45–75 days"],
      ["Samples", "Fixture samples in 7 days."],
    ]);
    expect(itemOf(content, "men", "tshirt").specs.terms).toEqual({ moqPiecesPerColour: 300, leadTimeDays: [45, 75] });
  });

  it("fall back to the company's minimum order and lead times for a product without any", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const hoodie = itemOf(content, "men", "hoodie").specs;
    expect(hoodie.terms).toEqual({ moqPiecesPerColour: 500, leadTimeDays: null });
    expect(specFacts(hoodie, content.catalogue).map((f) => [f.label, f.value])).toEqual([
      ["Minimum order", "500 pieces per colour"],
      ["Lead time", "30-90 days with local material, 90-120 days with imported material"],
    ]);
  });

  it("refuse a lead time with one end only, and a certificate that has no record, naming file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "gallery/items/men/tshirt.yaml", (t) => t.replace("    to: 75\n", "").replace("    - oeko-tex-standard-100\n", "    - no-such-certificate\n"));
    const error = await readSiteContent(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual(
      expect.arrayContaining([
        'content/gallery/items/men/tshirt.yaml: specs.leadTimeDays: fill in both "from" and "to", or neither (the company\'s lead times apply)',
        "content/gallery/items/men/tshirt.yaml: specs.certificates: no certificate record 'no-such-certificate' (content/certificate-records/no-such-certificate.yaml)",
      ]),
    );
  });
});

describe("certificate records and the expiry rule (the build's day injected)", () => {
  it("keep a certificate up to and including its last valid day, and drop it the day after, everywhere", async () => {
    const onLastDay = await readSiteContent(fixtureContentDir, { today: "2024-06-30" });
    const dayAfter = await readSiteContent(fixtureContentDir, { today: "2024-07-01" });
    const slugs = (content: typeof onLastDay) => content.certificates.valid.map((r) => r.slug).sort();

    expect(slugs(onLastDay)).toEqual(["gots-knit-partner", "oeko-tex-standard-100", "wrap-expired"]);
    expect(slugs(dayAfter)).toEqual(["gots-knit-partner", "oeko-tex-standard-100"]);
    // The compliance page's module, the product's certificates and the home card's link follow.
    expect(dayAfter.modules.certificateRecords.map((r) => r.slug)).not.toContain("wrap-expired");
    expect(itemOf(onLastDay, "men", "tshirt").specs.certificates).toContain("wrap-expired");
    expect(itemOf(dayAfter, "men", "tshirt").specs.certificates).toEqual(["gots-knit-partner", "oeko-tex-standard-100"]);
    const wrapCard = (content: typeof onLastDay) => content.modules.certificateCards.find((c) => c.id === "wrap")!;
    expect(wrapCard(onLastDay).link?.href).toBe("/our-company/compliance#certificate-wrap-expired");
    expect(wrapCard(dayAfter).link).toBeUndefined();
    expect(wrapCard(dayAfter).label).toBe("WRAP"); // the card itself stays on the carousel
    // The server's reminders still see every record.
    expect(dayAfter.certificates.all.map((r) => r.slug)).toContain("wrap-expired");
  });

  it("build the Verify link from the number where the standard's check takes one", async () => {
    const { certificates } = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const bySlug = Object.fromEntries(certificates.all.map((r) => [r.slug, r]));
    expect(bySlug["oeko-tex-standard-100"]!.verify).toEqual({ url: "https://www.oeko-tex.com/en/detail?number=21.FIX.00042", opensCertificate: true });
    expect(bySlug["gots-knit-partner"]!.verify).toEqual({ url: "https://global-standard.org/find-suppliers-shops-and-inputs/certified-suppliers", opensCertificate: false });
    // WRAP has no public check by number: the record's own link is used.
    expect(bySlug["wrap-expired"]!.verify).toEqual({ url: "https://www.example.com/wrap/FIX-WRAP-7", opensCertificate: true });
    expect(bySlug["gots-knit-partner"]!.path).toBe("/our-company/compliance#certificate-gots-knit-partner");
  });

  it("refuse a record valid until before it is valid from, and a card pointing at no record", async () => {
    const dir = await copyOfContent();
    await edit(dir, "certificate-records/oeko-tex-standard-100.yaml", (t) => t.replace("validUntil: 2099-02-28", "validUntil: 2024-01-01"));
    await edit(dir, "certificates/grs.yaml", (t) => `${t}record: missing-record\n`);
    const error = (await readSiteContent(dir).catch((e: unknown) => e)) as ContentError;
    expect(error.problems).toEqual(
      expect.arrayContaining([
        "content/certificate-records/oeko-tex-standard-100.yaml: validUntil: 2024-01-01 is before validFrom 2025-03-01",
        "content/certificates/grs.yaml: record: no certificate record 'missing-record' (content/certificate-records/missing-record.yaml)",
      ]),
    );
  });
});
