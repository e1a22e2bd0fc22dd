import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { formResultPagePaths } from "../app/lib/contracts/form-results";
import { localeOfPath } from "../app/lib/contracts/locale-paths";
import { prerenderPaths } from "../app/lib/prerender-paths";
import { caseOf, content, galleryItem, siteContent } from "./content";
import { isIndexedPath } from "../app/lib/sitemap";
import { createApp } from "../server/app";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { structuredDataProblems } from "./structured-data";
import { analyticsMeasurementId, analyticsSite } from "../scripts/test-setup/analytics-site.mjs";

const indexedPaths = prerenderPaths(siteContent).filter((path) => isIndexedPath(path, siteContent.locales));
const analyticsHost = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attribute = (tag: string | undefined, name: string) => unescapeHtml(tag?.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? "");

test.describe("search engines", () => {
  test("every prerendered page has a unique title, a description and its own canonical link", { tag: "@content" }, async ({ request }) => {
    const titles = new Map<string, string>();
    for (const path of indexedPaths) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      // Unique within a language: each language's copy of a page has its own address (decision 0160).
      const key = `${localeOfPath(path, siteContent.locales).code} ${title}`;
      expect(titles.get(key), `${path} repeats the title of ${titles.get(key)}`).toBeUndefined();
      titles.set(key, path);
      const description = attribute(html.match(/<meta name="description"[^>]*>/)?.[0], "content");
      expect(description.length, `${path} description`).toBeGreaterThan(49);
      const canonical = attribute(html.match(/<link rel="canonical"[^>]*>/)?.[0], "href");
      expect(canonical, `${path} canonical`).toMatch(/^https:\/\//);
      expect(new URL(canonical).pathname.replace(/%26/g, "&"), `${path} canonical`).toBe(path);
      expect(attribute(html.match(/<meta property="og:url"[^>]*>/)?.[0], "content")).toBe(canonical);
      expect(attribute(html.match(/<meta property="og:image"[^>]*>/)?.[0], "content")).toMatch(/^https:\/\/.+\.png$/);
    }
  });

  test("the not-found page is kept out of the index", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });

  test("the forms' result pages are kept out of the index", async ({ request }) => {
    expect(formResultPagePaths().length).toBeGreaterThan(0);
    for (const path of formResultPagePaths()) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).not.toContain('rel="canonical"');
    }
  });

  test("sitemap.xml lists every prerendered page, no other, and each address works", { tag: "@content" }, async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml, "bare '&' is not XML").not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(unescapeHtml(m[1]!)));
    const paths = urls.map((url) => url.pathname.replace(/%26/g, "&"));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...indexedPaths].sort());
    expect(paths).toEqual(
      expect.arrayContaining([...siteContent.paths.galleryFamilies, ...siteContent.paths.galleryItems, ...content.jobs.map((j) => j.path)]),
    );
    for (const url of urls) {
      expect((await request.get(url.pathname)).status(), url.pathname).toBe(200);
    }
  });

  test("robots.txt allows crawling and points at the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  });

  test("the web manifest and icons are served", async ({ request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest.name).toBeTruthy();
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
    for (const path of ["/favicon.ico", "/favicon.svg", "/icons/apple-touch-icon.png", "/og-image.png"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});

test.describe("structured data", { tag: "@content" }, () => {
  async function jsonLdTypes(page: import("@playwright/test").Page, path: string) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as { "@context": string; "@type": string } & Record<string, unknown>);
    for (const block of data) expect(block["@context"]).toBe("https://schema.org");
    return data;
  }

  test("/ has the Organization with its contact points", async ({ page }) => {
    const data = await jsonLdTypes(page, "/");
    const organization = data.find((d) => d["@type"] === "Organization");
    expect(organization).toBeDefined();
    expect((organization!.contactPoint as unknown[]).length).toBeGreaterThan(0);
    // The head office's country as its ISO code, the same on every language's page (decision 0181).
    expect(organization!.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "BD" });
  });

  test("every page is a WebPage in its language, kept as prerendered once the page has hydrated (decision 0167)", async ({ page }) => {
    const data = await jsonLdTypes(page, "/de/contact");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const webPage = data.find((d) => d["@type"] === "WebPage");
    expect(webPage).toMatchObject({ inLanguage: "de" });
    expect(structuredDataProblems(webPage)).toEqual([]);
    expect(new URL(webPage!.url as string).pathname).toBe("/de/contact");
    // Made at build time only: the browser leaves the prerendered blocks as they are.
    const hydrated = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(hydrated.map((d) => d["@type"])).toEqual(data.map((d) => d["@type"]));
  });

  test("a gallery item page has the Organization, its breadcrumb and the Product", async ({ page }) => {
    // An item with '&' in its address: the JSON-LD must name it as the page does.
    const { path, family } = galleryItem("with '&' in its address", (i) => i.item.slug.includes("&"));
    const data = await jsonLdTypes(page, path);
    expect(data.map((d) => d["@type"]).sort()).toEqual(["BreadcrumbList", "Organization", "Product", "WebPage"]);
    // The product named, at its page's address ('&' raw, as in the breadcrumb).
    expect(new URL(data.find((d) => d["@type"] === "Product")!.url as string).pathname).toBe(path);
    const steps = data.find((d) => d["@type"] === "BreadcrumbList")!.itemListElement as { position: number; item: string }[];
    // Home / Product Gallery / {family} / {item} (decision 0012)
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4]);
    expect(steps.map((s) => new URL(s.item).pathname)).toEqual(["/", "/gallery", `/gallery/${family.slug}`, path]);
  });

  test("a job page has the JobPosting, the Organization and its three-step breadcrumb", async ({ page }) => {
    const data = await jsonLdTypes(page, caseOf(content.jobs[0], "open job").path);
    expect(data.map((d) => d["@type"]).sort()).toEqual(["BreadcrumbList", "JobPosting", "Organization", "WebPage"]);
    expect((data.find((d) => d["@type"] === "BreadcrumbList")!.itemListElement as unknown[]).length).toBe(3);
  });

  test("/faq has the FAQPage", async ({ page }) => {
    const data = await jsonLdTypes(page, "/faq");
    const faq = data.find((d) => d["@type"] === "FAQPage");
    expect(faq).toBeDefined();
    expect((faq!.mainEntity as unknown[]).length).toBe(content.faq.entries.length);
  });
});

test.describe("analytics without a measurement id (this build)", () => {
  test("loads no analytics code, sends nothing and shows no banner", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL("/faq");
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => analyticsHost.test(url))).toEqual([]);
    expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
    await expect(page.getByRole("region", { name: "Analytics cookies" })).toHaveCount(0);
  });
});

test.describe("analytics with a measurement id (a second build)", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  const measurementId = analyticsMeasurementId;
  let server: ServerType;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The fixture site built with an id (`npm run build:test-sites` builds it beside the others;
    // alone, this builds it when it is missing or older than its sources). The whole build, its
    // post-build steps included, or the page would differ from the real one (an unstyled page let
    // "Back to top" appear under the pointer between press and release of Accept).
    const app = createApp({ clientDir: join(await analyticsSite(), "client") });
    server = await new Promise<ServerType>((done) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => done(s));
    });
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(() => {
    server?.close();
  });

  test("nothing reaches Google before consent; Accept loads gtag and counts pages; the choice is remembered", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${origin}/`);
    const banner = page.getByRole("region", { name: "Analytics cookies" });
    await expect(banner).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(`${origin}/faq`);
    expect(requests.filter((url) => analyticsHost.test(url))).toEqual([]);
    const consentDefault = await page.evaluate(() =>
      (window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>)).find((e) => e[0] === "consent" && e[1] === "default"),
    );
    expect(consentDefault?.[2]).toMatchObject({ analytics_storage: "denied" });

    const gtagRequest = page.waitForRequest((r) => r.url() === `https://www.googletagmanager.com/gtag/js?id=${measurementId}`);
    await banner.getByRole("button", { name: "Accept analytics" }).click();
    await gtagRequest;
    await expect(banner).toHaveCount(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(`${origin}/contact`);
    // The page view is sent from an effect after the new page renders, which can come just after the URL changes.
    const pageViews = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .map((e) => Array.from(e as ArrayLike<unknown>))
          .filter((e) => e[1] === "page_view")
          .map((e) => (e[2] as { page_path: string }).page_path),
      );
    await expect.poll(pageViews).toEqual(["/faq", "/contact"]);

    const again = page.waitForRequest((r) => analyticsHost.test(r.url()));
    await page.reload();
    await again;
    await expect(page.getByRole("button", { name: "Accept analytics" })).toHaveCount(0);
  });

  test("Decline sends nothing, now or after navigating, and is remembered", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${origin}/contact`);
    await page.getByRole("region", { name: "Analytics cookies" }).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(`${origin}/faq`);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("region", { name: "Analytics cookies" })).toHaveCount(0);
    expect(requests.filter((url) => analyticsHost.test(url))).toEqual([]);
  });
});
