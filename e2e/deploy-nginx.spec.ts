import { readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { startLocalNginx, startLocalNginxOnFreePorts, type LocalNginx } from "../deploy/local-nginx.mjs";
import { e2eServerPort, freePorts } from "../scripts/test-setup/free-port.mjs";
import { prerenderPaths } from "../app/lib/prerender-paths";
import { localeOfPath, pathWithoutLocale } from "../app/lib/contracts/locale-paths";
import { honeypotName } from "../app/lib/contracts/form-endpoint";
import { earliestDeliveryMonth, productFieldName, quotePaths, quoteRequestMaxBodyBytes } from "../app/lib/contracts/quote";
import { openLeadsDatabase, rows } from "../server/db/db";
import { sql } from "drizzle-orm";
import { siteContent } from "./content";
import { pagesInTheBrowser } from "./browser-pages";
import { createApp } from "../server/app";
import { createLiveSite, readCspHashes } from "../server/platform/live-site";
import { afterSwap } from "../server/publish/site-build";
import {
  type CspHashes,
  inlineHashes,
  mailEndpointPath,
  mailRequestBodyLimitBytes,
  nginxSecurityConfig,
  staticSecurityHeaders,
} from "../server/platform/security-headers";
import { expect, test as base, watchPageProblems } from "./fixtures";

/**
 * deploy/nginx.conf run by real nginx (Debian nginx-light) on loopback ports, beside the `npm start`
 * server Playwright starts (baseURL), which nginx proxies the mail endpoint to. Each worker runs its
 * own nginx on ports found free when it starts (started again on fresh ports if one is taken).
 */
/** The build under test (playwright.config.ts sets BUILD_DIR: the fixture content's build). */
const buildDir = resolve(process.env.BUILD_DIR ?? "build");

const test = base.extend<object, { nginx: LocalNginx }>({
  nginx: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructured fixtures argument.
    async ({}, use) => {
      const nginx = await startLocalNginxOnFreePorts({ nodePort: e2eServerPort(), buildDir });
      await use(nginx);
      await nginx.stop();
    },
    { scope: "worker" },
  ],
});

// Every page but the Oops pages (/404 and each language's, /de/404): those answer 404, tested below.
const routes = prerenderPaths(siteContent).filter((path) => !path.endsWith("/404"));
// Chromium loads one page of each kind through nginx (decision 0118): of the routes made from one
// template — a family's item pages, the job pages and their application forms, a form's "not sent"
// pages — the first of each, and any whose path holds "&"; every other route as it is.
// In another language (decision 0173) the same code makes each page, only its words differ
// (decision 0160); every route's own hashes are checked over HTTP below and each language's words
// in the unit tests (app/routes/untranslated-content.test.tsx), so Chromium loads there only what a
// browser alone shows in that language: its home page, and the pages that write a date or a number
// in the page's language as they render (Intl in Chromium is not Node's, and a difference breaks
// hydration) — the quote form (app/features/forms/quote/quote-form.tsx), the catalogue's filters at
// /gallery (catalogue-filters.tsx) and the certificate records at /our-company/compliance
// (certificate-records.tsx). A page that starts formatting in its language is added here.
// The pages other specs open in Chromium on the Node server, with the same watch for CSP violations,
// uncaught and console errors (e2e/browser-pages.ts: layout's pages, the Oops page, the family pages),
// are not loaded here again (decisions 0173, "Refined", and 0186): nginx passes pages from the Node
// server (deploy/site.conf), the 404 page too, policy included ("sends the same security and cache
// headers as the Node server", every route's policy below). But the home page: the one load through
// nginx of the site's frame and the assets nginx serves from disk (the '&' items' and each other
// language's /gallery load photo variants from disk too).
const { locales } = siteContent;
const loadedElsewhere = new Set(pagesInTheBrowser.filter((path) => path !== "/"));
const defaultCode = locales[0]!.code;
const localeFormattingPages = new Set(["/", "/quote", "/gallery", "/our-company/compliance"]);
const templateOf = (path: string) =>
  pathWithoutLocale(path, locales)
    .replace(/^(\/gallery\/[^/]+)\/[^/]+$/, "$1/*")
    .replace(/^\/career\/(?!not-sent$|sent$)[^/]+(\/apply)?$/, "/career/*$1")
    .replace(/\/not-sent\/[^/]+$/, "/not-sent/*");
const defaultRoutes = routes.filter((path) => localeOfPath(path, locales).code === defaultCode);
const browserRoutes = routes.filter((path) =>
  localeOfPath(path, locales).code === defaultCode
    ? !loadedElsewhere.has(path) &&
      (path.includes("&") || defaultRoutes.findIndex((other) => templateOf(other) === templateOf(path)) === defaultRoutes.indexOf(path))
    : localeFormattingPages.has(pathWithoutLocale(path, locales)),
);

const cspHashes = JSON.parse(readFileSync(join(buildDir, "security/csp-hashes.json"), "utf8")) as CspHashes;
const comparedHeaders = ["content-security-policy", ...Object.keys(staticSecurityHeaders).map((h) => h.toLowerCase()), "cache-control"];
const assetPath = `/assets/${readFileSync(join(buildDir, "client/index.html"), "utf8").match(/\/assets\/(root-[\w-]+\.js)/)?.[1]}`;
const ampersandItem = siteContent.paths.galleryItems.find((path) => path.includes("&"));
const samplePaths = ["/", "/faq", "/faq/", "/contact", ...(ampersandItem ? [ampersandItem] : []), "/no-such-page", assetPath, "/favicon.svg"];
/** The sources a Content-Security-Policy header lists for one directive (`script-src` …), without its name. */
const cspDirective = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))!
    .split(" ")
    .slice(1);

test.describe("nginx serving the build", () => {
  test("every prerendered route answers 200 with and without a trailing slash, never redirecting", { tag: "@content" }, async ({ nginx, request }) => {
    // Three addresses for each of several hundred pages (every language's): eight pages at a time,
    // as browsers and crawlers ask; the time allowed grows with the pages.
    test.setTimeout(30_000 + routes.length * 100);
    const answered = async (route: string) => {
      for (const path of route === "/" ? ["/"] : [route, `${route}/`, encodeURI(route).replace(/&/g, "%26")]) {
        const response = await request.get(nginx.httpOrigin + path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
      }
    };
    for (let at = 0; at < routes.length; at += 8) await Promise.all(routes.slice(at, at + 8).map(answered));
  });

  test("sends the same security and cache headers as the Node server", { tag: "@content" }, async ({ nginx, request }) => {
    for (const path of samplePaths) {
      const [fromNginx, fromNode] = await Promise.all([request.get(nginx.httpOrigin + path), request.get(path)]);
      expect(fromNginx.status(), path).toBe(fromNode.status());
      const pick = (headers: Record<string, string>) => Object.fromEntries(comparedHeaders.map((name) => [name, headers[name]]));
      const nginxHeaders = pick(fromNginx.headers());
      for (const name of comparedHeaders) expect(nginxHeaders[name], `${name} on ${path}`).toBeTruthy();
      expect(nginxHeaders, path).toEqual(pick(fromNode.headers()));
    }
  });

  test("allows each page's own inline scripts and stylesheet by hash and nothing unsafe", { tag: "@content" }, async ({ nginx, request }) => {
    const { scripts, styles } = cspHashes["/faq/index.html"]!;
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles).toHaveLength(1);
    const csp = (await request.get(`${nginx.httpOrigin}/faq`)).headers()["content-security-policy"]!;
    for (const hash of scripts) expect(cspDirective(csp, "script-src")).toContain(`'${hash}'`);
    expect(cspDirective(csp, "style-src")).toEqual(["'self'", `'${styles[0]}'`]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src[^;]*(\*|data:|http:)/);
    expect(csp).toContain("frame-ancestors 'none'");
    const homeCsp = (await request.get(`${nginx.httpOrigin}/`)).headers()["content-security-policy"];
    expect(homeCsp).not.toBe(csp);
  });

  test("gives every prerendered route a policy that allows that page's own inline scripts and stylesheet", { tag: "@content" }, async ({ nginx, request }) => {
    // The check that stands for every route in every language (the browser loads only some, decision
    // 0173): several hundred pages one by one, so the time allowed grows with the pages.
    test.setTimeout(30_000 + routes.length * 100);
    for (const route of routes) {
      const response = await request.get(nginx.httpOrigin + route);
      expect(response.status(), route).toBe(200);
      const csp = response.headers()["content-security-policy"]!;
      const own = inlineHashes(await response.text());
      for (const hash of own.scripts) expect(cspDirective(csp, "script-src"), `script-src on ${route}`).toContain(`'${hash}'`);
      for (const hash of own.styles) expect(cspDirective(csp, "style-src"), `style-src on ${route}`).toContain(`'${hash}'`);
    }
  });

  test("answers unknown paths with 404 and the Oops page", async ({ nginx, request }) => {
    for (const path of ["/no-such-page", "/our-company/nothing/", "/assets/missing-AbCdEf12.js", "/404.html", "/.env"]) {
      const response = await request.get(nginx.httpOrigin + path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Oops!");
    }
  });

  test("answers an unknown gallery item with 404 and the app shell that says no data was found", async ({ nginx, page }) => {
    const response = await page.goto(`${nginx.httpOrigin}/gallery/men/nonexistent`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("No data found for men - nonexistent.")).toBeVisible();
  });

  test("caches hashed assets forever, HTML never without revalidation, and serves the .gz copies", async ({ nginx, request }) => {
    const asset = await request.get(nginx.httpOrigin + assetPath, { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await request.get(`${nginx.httpOrigin}/faq`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["cache-control"]).toBe("no-cache");
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["vary"]).toMatch(/Accept-Encoding/);
    expect(await page.text()).toContain("<h1");
    const icon = await request.get(`${nginx.httpOrigin}/favicon.svg`);
    expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
  });

  test("refuses a mail request body over the endpoint's limit before it reaches Node", async ({ nginx, request }) => {
    const response = await request.post(nginx.httpOrigin + mailEndpointPath, {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ padding: "x".repeat(mailRequestBodyLimitBytes + 1) }),
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("TLS", () => {
  test("redirects plain HTTP to HTTPS permanently", async ({ nginx, request }) => {
    const response = await request.get(`${nginx.redirectOrigin}/faq?x=1`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("https://127.0.0.1/faq?x=1");
  });

  test("serves the site over HTTPS with HSTS and the security headers", async ({ nginx, playwright }) => {
    const tls = await playwright.request.newContext({ ignoreHTTPSErrors: true });
    const response = await tls.get(`${nginx.httpsOrigin}/faq`);
    expect(response.status()).toBe(200);
    expect(response.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    await tls.dispose();
  });
});

test.describe("in Chromium through nginx", () => {
  for (const route of browserRoutes) {
    test(`${route} loads with no CSP violation and no console error`, { tag: "@content" }, async ({ nginx, page }) => {
      const problems = await watchPageProblems(page);
      const response = await page.goto(nginx.httpOrigin + route, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test("the contact form sends through the endpoint nginx proxies", async ({ nginx, page }) => {
    await page.goto(`${nginx.httpOrigin}/contact`);
    const viaNginx = page.waitForResponse((r) => r.url() === nginx.httpOrigin + mailEndpointPath && r.request().method() === "POST");
    await page.getByLabel(/name/i).first().fill("Rahim Uddin");
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill("rahim@example.com");
    await page
      .getByLabel(/subject/i)
      .first()
      .fill("Knitwear sourcing");
    await page
      .getByLabel(/message/i)
      .first()
      .fill("Please send your catalogue.");
    await page.getByRole("button", { name: /send/i }).first().click();
    expect((await viaNginx).status()).toBe(200);
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
  });
});

test.describe("publishing behind nginx", () => {
  /** A small build: a page with its own inline script, a hashed asset, and its CSP hashes. */
  async function writeBuild(buildDir: string, label: string) {
    const page = `<!doctype html><html><head><script>window.build = "${label}";</script></head><body><h1>Build ${label}</h1></body></html>`;
    await mkdir(join(buildDir, "client/assets"), { recursive: true });
    await writeFile(join(buildDir, "client/index.html"), page);
    await writeFile(join(buildDir, "client/404.html"), "<h1>Oops!</h1>");
    await writeFile(join(buildDir, `client/assets/app-${label}Build1234.js`), `console.log("${label}")`);
    await mkdir(join(buildDir, "security"), { recursive: true });
    await writeFile(join(buildDir, "security/csp-hashes.json"), JSON.stringify({ "/index.html": inlineHashes(page) }));
    return inlineHashes(page).scripts[0]!;
  }

  test("after a swap nginx serves the new page with its own CSP, and both builds' assets, with no reload", async ({ request }) => {
    const buildDir = await mkdtemp(join(tmpdir(), "ssl-publish-nginx-"));
    await chmod(buildDir, 0o755); // nginx workers run as nobody
    const oldHash = await writeBuild(buildDir, "Old");
    const newHash = await writeBuild(join(buildDir, "releases/2026-01-01T00-00-00-000Z"), "New");
    await mkdir(join(buildDir, "nginx"), { recursive: true });
    for (const [name, text] of Object.entries(nginxSecurityConfig())) await writeFile(join(buildDir, "nginx", name), text);

    // The Node server as `npm start` runs it: one live-site pointer, which publishing swaps.
    const clientDir = join(buildDir, "client");
    const site = createLiveSite({ clientDir, cspHashes: readCspHashes(clientDir) });
    const app = createApp({ clientDir, site });
    const [nodePort] = await freePorts(1);
    const node = serve({ fetch: app.fetch, port: nodePort!, hostname: "127.0.0.1" });
    const nginx = await startLocalNginxOnFreePorts({ nodePort: nodePort!, buildDir });
    try {
      const before = await request.get(`${nginx.httpOrigin}/`);
      expect(await before.text()).toContain("Build Old");
      expect(before.headers()["content-security-policy"]).toContain(`'${oldHash}'`);

      const releaseClient = join(buildDir, "releases/2026-01-01T00-00-00-000Z/client");
      site.swap({ clientDir: releaseClient, cspHashes: readCspHashes(releaseClient) });
      await afterSwap(join(buildDir, "releases"), "2026-01-01T00-00-00-000Z");

      const after = await request.get(`${nginx.httpOrigin}/`);
      expect(await after.text()).toContain("Build New");
      const csp = after.headers()["content-security-policy"]!;
      expect(csp).toContain(`'${newHash}'`);
      expect(csp).not.toContain(`'${oldHash}'`);
      expect(after.headers()["cache-control"]).toBe("no-cache");
      for (const label of ["New", "Old"]) {
        const asset = await request.get(`${nginx.httpOrigin}/assets/app-${label}Build1234.js`);
        expect(asset.status(), label).toBe(200);
        expect(await asset.text()).toBe(`console.log("${label}")`);
        expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      }
    } finally {
      await nginx.stop();
      await new Promise((resolve) => node.close(resolve));
      await rm(buildDir, { recursive: true, force: true });
    }
  });
});

test.describe("a route's own stricter header behind nginx", () => {
  test("the quotation page's Referrer-Policy: no-referrer reaches the browser; other pages and files from disk get the site's", async ({ request }) => {
    // An embedded database, a Node server and nginx start in it: a ceiling, not a timing.
    test.setTimeout(120_000);
    const buildDir = await mkdtemp(join(tmpdir(), "ssl-referrer-nginx-"));
    await chmod(buildDir, 0o755); // nginx workers run as nobody
    await mkdir(join(buildDir, "client/assets"), { recursive: true });
    await writeFile(join(buildDir, "client/index.html"), "<h1>Home</h1>");
    await writeFile(join(buildDir, "client/404.html"), "<h1>Oops!</h1>");
    await writeFile(join(buildDir, "client/assets/app-Referrer1234.js"), "console.log(1)");
    await mkdir(join(buildDir, "nginx"), { recursive: true });
    for (const [name, text] of Object.entries(nginxSecurityConfig())) await writeFile(join(buildDir, "nginx", name), text);

    const leads = await openLeadsDatabase({ memory: true });
    const app = createApp({
      clientDir: join(buildDir, "client"),
      quotations: { db: leads.db, mail: { from: "SSL website <website@ssl.example>", sales: "sales@ssl.example" } },
    });
    const [nodePort] = await freePorts(1);
    const node = serve({ fetch: app.fetch, port: nodePort!, hostname: "127.0.0.1" });
    const nginx = await startLocalNginxOnFreePorts({ nodePort: nodePort!, buildDir });
    try {
      // A link no quotation has: the site's 404, from the quotation pages, with their policy (the address holds a token).
      const quotation = await request.get(`${nginx.httpOrigin}/quotation/${"A".repeat(43)}`);
      expect(quotation.status()).toBe(404);
      expect(quotation.headers()["referrer-policy"]).toBe("no-referrer");
      expect(quotation.headers()["x-frame-options"]).toBe(staticSecurityHeaders["X-Frame-Options"]);
      for (const path of ["/", "/no-such-page", "/assets/app-Referrer1234.js"]) {
        const answer = await request.get(`${nginx.httpOrigin}${path}`);
        expect(answer.headers()["referrer-policy"], path).toBe(staticSecurityHeaders["Referrer-Policy"]);
      }
    } finally {
      await nginx.stop();
      await new Promise((resolve) => node.close(resolve));
      await leads.close();
      await rm(buildDir, { recursive: true, force: true });
    }
  });
});

test.describe("request bodies behind nginx", () => {
  /** What the quote request names: one product the build has a page of, and the buyer. */
  const quoteFields: Record<string, string> = {
    [productFieldName(0, "product")]: "men/tshirt",
    [productFieldName(0, "quantity")]: "1500",
    [productFieldName(0, "colours")]: "3",
    [productFieldName(0, "sizes")]: "S-XXL",
    [productFieldName(0, "targetPrice")]: "",
    [productFieldName(0, "currency")]: "USD",
    [productFieldName(0, "notes")]: "",
    company: "Nordic Retail AB",
    contactName: "Anna Berg",
    email: "anna@nordic.example",
    phone: "",
    country: "SE",
    buyerType: "retailer",
    incoterm: "FOB",
    destination: "Gothenburg",
    deliveryMonth: earliestDeliveryMonth(new Date(Date.now() + 40 * 86_400_000)),
    paymentMode: "LC",
    message: "Tech pack attached.",
    [honeypotName]: "",
  };

  /** An answer to a request that declares `length` bytes of body and sends none (nginx answers from the header). */
  const declaredOnly = (origin: string, path: string, length: number, headers: Record<string, string>) =>
    new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${origin}${path}`, { method: "POST", headers: { ...headers, "Content-Length": String(length) } }, (response) => {
        resolve({ status: response.statusCode!, location: response.headers.location });
        response.resume();
        outgoing.destroy();
      });
      outgoing.on("error", reject);
      outgoing.flushHeaders();
    });

  test("a quote with a 5 MB attachment passes to Node and is stored; a larger body than the quote's limit, or 16 kB anywhere else, is refused", async ({
    request,
  }) => {
    const buildDir = await mkdtemp(join(tmpdir(), "ssl-quote-nginx-"));
    await chmod(buildDir, 0o755); // nginx workers run as nobody
    await mkdir(join(buildDir, "client/gallery/men/tshirt"), { recursive: true });
    await writeFile(join(buildDir, "client/gallery/men/tshirt/index.html"), "<h1>T-shirt</h1>");
    await writeFile(join(buildDir, "client/index.html"), "<h1>Home</h1>");
    await writeFile(join(buildDir, "client/404.html"), "<h1>Oops!</h1>");
    await mkdir(join(buildDir, "nginx"), { recursive: true });
    for (const [name, text] of Object.entries(nginxSecurityConfig())) await writeFile(join(buildDir, "nginx", name), text);

    const leads = await openLeadsDatabase({ memory: true });
    const app = createApp({ clientDir: join(buildDir, "client"), mail: { database: leads.db, addresses: { sales: "sales@ssl.example" } } });
    const [nodePort] = await freePorts(1);
    const node = serve({ fetch: app.fetch, port: nodePort!, hostname: "127.0.0.1" });
    const nginx = await startLocalNginxOnFreePorts({ nodePort: nodePort!, buildDir });
    try {
      const techPack = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5 * 1024 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
      const sent = await request.post(nginx.httpOrigin + quotePaths.post, {
        headers: { Accept: "application/json" },
        multipart: { ...quoteFields, attachments: { name: "tech-pack.pdf", mimeType: "application/pdf", buffer: techPack } },
      });
      expect(sent.status()).toBe(200);
      const { reference } = (await sent.json()) as { reference: string };
      expect(reference).toMatch(/^Q-\d{4}-\d{5}$/);
      const stored = await rows<{ reference: string; role: string; size: number }>(
        leads.db,
        sql`select leads.reference, lead_files.role, length(lead_files.content)::int as size from leads join lead_files on lead_files.lead_id = leads.id`,
      );
      expect(stored).toEqual([{ reference, role: "attachment", size: techPack.byteLength }]);

      // Over the quote's limit: refused by nginx from the declared length, answered as Node answers.
      const form = { "Content-Type": "multipart/form-data; boundary=x" };
      expect(await declaredOnly(nginx.httpOrigin, quotePaths.post, quoteRequestMaxBodyBytes + 1, { ...form, Accept: "application/json" })).toMatchObject({
        status: 413,
      });
      expect(await declaredOnly(nginx.httpOrigin, quotePaths.post, quoteRequestMaxBodyBytes + 1, { ...form, Accept: "text/html" })).toEqual({
        status: 303,
        location: "/quote/not-sent/too-large",
      });
      // Everywhere else the 16 kB limit holds: a form posted to a page, or the quote's body to another path.
      const padded = { company: "x".repeat(16 * 1024 + 1) };
      expect((await request.post(`${nginx.httpOrigin}/contact`, { form: padded })).status()).toBe(413);
      expect((await request.post(`${nginx.httpOrigin}${quotePaths.post}/x`, { form: padded })).status()).toBe(413);
    } finally {
      await nginx.stop();
      await new Promise((resolve) => node.close(resolve));
      await leads.close();
      await rm(buildDir, { recursive: true, force: true });
    }
  });
});

test.describe("local nginx start", () => {
  test("a port taken by another process fails the start with EADDRINUSE, leaving nothing behind", async () => {
    const [taken, redirectPort, httpsPort] = await freePorts(3);
    const squatter = await new Promise<Server>((resolve) => {
      const server = createServer().listen(taken!, "127.0.0.1", () => resolve(server));
    });
    try {
      const start = startLocalNginx({ httpPort: taken!, redirectPort: redirectPort!, httpsPort: httpsPort!, nodePort: e2eServerPort(), buildDir });
      await expect(start).rejects.toMatchObject({ code: "EADDRINUSE", message: expect.stringMatching(/Address already in use/) });
      // The ports nginx did bind are free again for the next try.
      expect(await freePorts(1, { ranges: [{ low: redirectPort!, high: redirectPort! }], attempts: 1 })).toEqual([redirectPort]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
