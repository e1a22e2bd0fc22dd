import type { Locator, Page } from "@playwright/test";
import { pagePaths } from "../app/content/page-paths";
import { specFacts } from "../app/content/reader/products.server";
import { caseOf, content, galleryItem, siteContent } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { jsonLdBlocks, structuredDataProblems } from "./structured-data";

// Decisions 0076 and 0077: a product page with and without specifications, the certificates a buyer can verify
// (compliance page, product pages, the home carousel's cards), and their schema.org data. Cases come
// from the content under test (decision 0054).

const words = siteContent.catalogue;
const valid = siteContent.certificates.valid;
const expired = siteContent.certificates.all.filter((r) => !valid.some((v) => v.slug === r.slug));
const recordOf = (slug: string) => valid.find((r) => r.slug === slug)!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const withSpecs = () => galleryItem("with a description and a valid certificate", (i) => !!i.item.specs.description && i.item.specs.certificates.length > 0);
const withoutSpecs = () =>
  galleryItem("with no specification (the company's terms only)", (i) => !i.item.specs.description && specFacts(i.item.specs, words).length === 2);

/** The value a definition list gives a term. */
const definitionOf = (scope: Locator, term: string) =>
  scope.locator("dt", { hasText: new RegExp(`^${escape(term)}$`) }).locator("xpath=following-sibling::dd[1]");

async function expectVerifyLink(scope: Locator, record: (typeof valid)[number]) {
  const link = scope.getByRole("link", { name: new RegExp(`^${escape(words.certificates.verify)} ${escape(record.name)}`) });
  if (!record.verify) {
    await expect(link).toHaveCount(0);
    return;
  }
  await expect(link).toHaveAttribute("href", record.verify.url);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

async function expectSpecifications(page: Page, item: ReturnType<typeof withSpecs>) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: words.specs.heading })).toBeVisible();
  await expect(main.getByText(item.item.specs.description, { exact: true })).toBeVisible();
  const facts = specFacts(item.item.specs, words);
  await expect(main.locator("dl").first().locator("dt")).toHaveText(facts.map((f) => f.label));
  for (const fact of facts) await expect(definitionOf(main, fact.label)).toHaveText(fact.value);
}

test.describe("a product page with specifications", { tag: "@content" }, () => {
  test("lists what is filled as a definition list, and each certificate that applies with its Verify link", async ({ page }) => {
    const item = withSpecs();
    await page.goto(item.path);
    await expectSpecifications(page, item);
    const certificates = page.getByRole("region", { name: words.specs.certificates });
    for (const slug of item.item.specs.certificates) {
      const record = recordOf(slug);
      await expect(certificates.getByRole("link", { name: record.name, exact: true })).toHaveAttribute("href", record.path);
      await expectVerifyLink(certificates, record);
    }
    // A certificate past its last valid day is not offered, even where the product still names it.
    for (const record of expired) await expect(page.getByRole("main").getByText(record.name)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("carries its Product JSON-LD with description, material and hasCertification, each a valid schema.org node", async ({ page }) => {
    const item = withSpecs();
    await page.goto(item.path);
    const product = (await jsonLdBlocks(page)).find((b) => b["@type"] === "Product")!;
    expect(structuredDataProblems(product)).toEqual([]);
    expect(product.description).toBe(item.item.specs.description);
    const certifications = product.hasCertification as Record<string, unknown>[];
    expect(certifications.map((c) => c.name)).toEqual(item.item.specs.certificates.map((slug) => recordOf(slug).name));
    expect(certifications.map((c) => c.certificationIdentification)).toEqual(item.item.specs.certificates.map((slug) => recordOf(slug).number));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the same specifications and Verify links are in the page", async ({ page }) => {
      const item = withSpecs();
      await page.goto(item.path);
      await expectSpecifications(page, item);
      await expectVerifyLink(page.getByRole("main"), recordOf(item.item.specs.certificates[0]!));
    });
  });
});

test("a product page without specifications shows the company's minimum order and lead time, and nothing empty", { tag: "@content" }, async ({ page }) => {
  const item = withoutSpecs();
  await page.goto(item.path);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: words.specs.heading })).toBeVisible();
  await expect(main.locator("dl dt")).toHaveText([words.specs.moq, words.specs.leadTime]);
  await expect(definitionOf(main, words.specs.moq)).toHaveText(words.specs.moqValue.replace("{pieces}", "500"));
  await expect(definitionOf(main, words.specs.leadTime)).toHaveText(words.specs.leadTimeCompany.replace("{local}", "30-90").replace("{imported}", "90-120"));
  await expect(main.getByRole("heading", { name: words.specs.certificates })).toHaveCount(0);
  const product = (await jsonLdBlocks(page)).find((b) => b["@type"] === "Product")!;
  expect(product.hasCertification).toBeUndefined();
  expect(structuredDataProblems(product)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test.describe("the compliance page's certificate records", { tag: "@content" }, () => {
  test("shows every valid record with its number, holder and Verify link, and none that expired", async ({ page, request }) => {
    caseOf(valid[0], "valid certificate record");
    await page.goto(pagePaths.compliance);
    const section = page.getByRole("region", { name: words.certificates.heading });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(valid.map((r) => r.name));
    for (const record of valid) {
      const card = section.locator(`#certificate-${record.slug}`);
      await expect(card.getByRole("heading", { name: record.name })).toBeVisible();
      await expect(definitionOf(card, words.certificates.number)).toHaveText(record.number);
      await expect(definitionOf(card, words.certificates.holder)).toHaveText(record.holder);
      await expectVerifyLink(card, record);
      if (record.file) {
        const file = card.getByRole("link", { name: new RegExp(`^${escape(words.certificates.file)}`) });
        await expect(file).toHaveAttribute("rel", "noopener noreferrer");
        const served = await request.get((await file.getAttribute("href"))!);
        expect(served.status()).toBe(200);
      }
    }
    for (const record of expired) await expect(section.getByText(record.name)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("carries the company's certificates as Organization hasCertification (schema.org Certification)", async ({ page }) => {
    caseOf(valid[0], "valid certificate record");
    await page.goto(pagePaths.compliance);
    const organization = (await jsonLdBlocks(page)).find((b) => b["@type"] === "Organization" && b.hasCertification)!;
    expect(structuredDataProblems(organization)).toEqual([]);
    expect((organization.hasCertification as { name: string }[]).map((c) => c.name)).toEqual(valid.map((r) => r.name));
    // The same node as the site-wide Organization: one company.
    const site = (await jsonLdBlocks(page)).find((b) => b["@type"] === "Organization" && !b.hasCertification)!;
    expect(organization["@id"]).toBe(site["@id"]);
  });
});

test("a home carousel card whose certificate has a valid record links to it; the others stay plain cards", { tag: "@content" }, async ({ page }) => {
  const linked = caseOf(
    content.certificateCards.slice(0, 4).find((c) => c.link),
    "certificate card with a valid record in the first view",
  );
  await page.emulateMedia({ reducedMotion: "reduce" }); // the carousel stays still
  await page.goto("/");
  const carousel = page.getByRole("region", { name: content.homeSections[content.locales[0]!.code]!.certificates.heading });
  // Every card is still there, labelled as before.
  await expect(carousel.getByRole("group")).toHaveCount(content.certificateCards.length);
  const links = carousel.getByRole("link");
  await expect(links).toHaveCount(content.certificateCards.filter((c) => c.link).length);
  for (const card of content.certificateCards.filter((c) => !c.link)) await expect(carousel.getByRole("link", { name: card.label })).toHaveCount(0);
  const link = carousel.getByRole("link", { name: `${linked.label} ${linked.link!.label}` });
  await expect(link).toHaveAttribute("href", linked.link!.href);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${escape(linked.link!.href)}$`));
  await expect(page.locator(`[id="${linked.link!.href.split("#")[1]}"]`)).toBeInViewport();
});
