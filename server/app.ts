import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono, type Context } from "hono";
import { cacheControlFor } from "./platform/cache-headers";
import { builtFiles } from "./platform/built-files";
import { createLiveSite, readServedSite, type LiveSite, type ServedSite } from "./platform/live-site";
import { cspKeyForFile, routeHeaderStands, securityHeaders, type CspHashes } from "./platform/security-headers";
import { HTTPException } from "hono/http-exception";
import { errorForLog, logLine, pathForLog } from "./platform/log-text";
import { refusedCharacter } from "./platform/text-check";
import { createIntake, type IntakeOptions } from "./intake/intake";
import type { StaffDesk } from "./staff/desk-context";
import { createStudio, type StudioOptions } from "./studio/studio";
import { mountContentGaps } from "./studio/content-gaps-page";
import { mountTranslations } from "./studio/translations-page";
import { mountPublishPage } from "./studio/publish-page";
import { mountContentHistory } from "./studio/history-pages";
import { quotePaths, quoteSentParams } from "../app/lib/contracts/quote";
import { quotePageWithProducts, quoteSentPageWithReference } from "./site/quote-pages";
import { createQuotationPages, type QuotationPageOptions } from "./site/quotation-page";
import { quotationSettingsDefaults } from "../app/lib/contracts/server-settings";

export type AppOptions = {
  /** The prerendered site: build/client. */
  clientDir: string;
  /** Inline-script hashes per page; by default build/security/csp-hashes.json beside clientDir. */
  cspHashes?: CspHashes;
  /** The build being served, when something else (publishing) swaps it; made from clientDir otherwise. */
  site?: LiveSite;
  /**
   * The forms' endpoints (server/intake: the EmailJS-compatible POST /api/v1.0/email/send, the native
   * posts, POST /api/v1.0/quote), storing into the leads database; off when absent.
   */
  mail?: IntakeOptions;
  /** The content studio at /keystatic and /api/keystatic; off when absent. */
  studio?: StudioOptions;
  /**
   * The staff desk at /staff (server/staff, decision 0047: accounts, inbox, audit log), made by
   * `createStaffDesk`; its sessions also guard the studio. Off when absent (the studio is then this machine only).
   */
  staff?: StaffDesk;
  /**
   * The buyers' quotation pages at /quotation/{token} (server/site/quotation-page.tsx, decision 0114) on the
   * leads database; their e-mails go out through the forms' relay. Off when absent.
   */
  quotations?: Omit<QuotationPageOptions, "settings" | "siteUrl" | "mail"> & { mail: { from: string; sales: string } };
};

export type AppVariables = {
  /** The built file answering the request, whose inline scripts the CSP must allow. */
  servedPage?: string;
  /** A response's own CSP (the studio's), instead of the public pages' one. */
  contentSecurityPolicy?: string;
};

/** The production server: prerendered pages and assets, and a real 404 with the Oops page. */
export function createApp({ clientDir, mail, studio, staff, quotations, cspHashes, site }: AppOptions) {
  const live = site ?? createLiveSite({ ...readServedSite(clientDir), ...(cspHashes ? { cspHashes } : {}) });
  const app = new Hono<{ Variables: AppVariables & { site: ServedSite } }>();
  const pageCache = new Map<string, Promise<string>>();

  /** A built page's HTML, read once per build. */
  const builtPage = (served: ServedSite, file: string, fallback: string) => {
    const key = join(served.clientDir, file);
    if (!pageCache.has(key)) {
      if (pageCache.size > 16) pageCache.clear();
      pageCache.set(
        key,
        readFile(key, "utf8").catch(() => fallback),
      );
    }
    return pageCache.get(key)!;
  };

  const staticFiles = builtFiles<{ Variables: AppVariables & { site: ServedSite } }>(cacheControlFor);

  app.use("*", async (c, next) => {
    // One build answers the whole request, even if publishing swaps it meanwhile.
    const served = live.current;
    c.set("site", served);
    await next();
    const csp = c.get("contentSecurityPolicy");
    const headers = securityHeaders(served.cspHashes[c.get("servedPage") ?? ""], served.cspOrigins);
    if (csp) headers["Content-Security-Policy"] = csp;
    // A route's own stricter value stands (the quotation page's no-referrer); a looser one does not.
    for (const [name, value] of Object.entries(headers)) if (!routeHeaderStands(name, c.res.headers.get(name))) c.res.headers.set(name, value);
  });

  // An address with a character no keyboard types (/staff/accounts/%00/role) names nothing: refused
  // before any route hands the segment to the database (decision 0134).
  app.use("*", async (c, next) => {
    let path = c.req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not percent-encoding (a lone "%"): what the routes see as it is.
    }
    const found = refusedCharacter(path);
    if (found) return c.text(`Bad Request: the address has ${found}, which no link holds`, 400);
    await next();
  });

  let relayNow = () => {};
  if (mail) {
    // A quote names products by {family}/{item}: one the build being served has a page for.
    const knownProduct = (ref: string) => existsSync(join(live.current.clientDir, "gallery", ref, "index.html"));
    // Its own minimum order and lead time, from the build being served (decision 0078).
    // Its languages and buyer's words: a form's language is one of them, the acknowledgement speaks it (decision 0164).
    const intake = createIntake({
      knownProduct,
      siteUrl: () => live.current.siteUrl,
      products: () => live.current.products ?? {},
      locales: () => live.current.locales,
      quotation: () => live.current.quotation,
      ...mail,
    });
    app.route("/api/v1.0/email", intake.api);
    app.route(quotePaths.post, intake.quote);
    // The staff desk's e-mails go out through the same relay.
    if (staff?.mail) staff.mail.relayNow = () => intake.relay?.kick();
    relayNow = () => intake.relay?.kick();
  }
  if (quotations) {
    app.route(
      "/",
      createQuotationPages({
        ...quotations,
        settings: () => live.current.quotation ?? quotationSettingsDefaults,
        siteUrl: () => live.current.siteUrl,
        mail: { ...quotations.mail, queued: () => relayNow() },
      }),
    );
  }
  const contentStudio = studio ? createStudio({ ...studio, access: { ...studio.access, staff: studio.access.staff ?? staff } }) : undefined;
  // The content history joins the desk's pages (its session loader and CSRF check) before the desk is mounted.
  if (staff && contentStudio) mountContentHistory(staff, contentStudio.history);
  // Changes to publish (decision 0159): local mode with a published tree; otherwise a page saying where saves go.
  if (staff && contentStudio) mountPublishPage(staff, contentStudio.history);
  // What the content lacks (decision 0150), read from the studio's content folder with its schema.
  if (staff && studio) mountContentGaps(staff, studio);
  // Translations per language (decision 0165): the report, the XLIFF export and import through the studio's saves.
  if (staff && studio) mountTranslations(staff, studio, contentStudio?.history);
  if (staff) app.route("/", staff.app);
  if (contentStudio) app.route("/", contentStudio.app);

  // /quote?item=… and /quote/sent?ref=…: the built page with the product chosen or the reference shown.
  const quotePage = (file: string, fill: (html: string) => string) => async (c: Context<{ Variables: AppVariables & { site: ServedSite } }>) => {
    const served = c.get("site");
    const html = await builtPage(served, file, "");
    if (!html) return undefined;
    c.header("Cache-Control", "no-store");
    c.set("servedPage", cspKeyForFile(file));
    return c.html(fill(html));
  };
  app.get(quotePaths.form, async (c, next) => {
    const items = c.req.queries("item");
    const page = items?.length ? await quotePage("quote/index.html", (html) => quotePageWithProducts(html, items))(c) : undefined;
    return page ?? next();
  });
  app.get(quotePaths.sent, async (c, next) => {
    const ref = c.req.query(quoteSentParams.reference);
    const trial = c.req.query(quoteSentParams.trial) === "1";
    const page = ref ? await quotePage("quote/sent/index.html", (html) => quoteSentPageWithReference(html, ref, trial))(c) : undefined;
    return page ?? next();
  });
  // The same page in another language of the build (/de/quote/sent?ref=…), where a German quote request lands (decision 0164).
  app.get(`/:lang${quotePaths.sent}`, async (c, next) => {
    const lang = c.req.param("lang");
    const ref = c.req.query(quoteSentParams.reference);
    const trial = c.req.query(quoteSentParams.trial) === "1";
    const known = (c.get("site").locales ?? []).slice(1).includes(lang);
    const page = known && ref ? await quotePage(`${lang}/quote/sent/index.html`, (html) => quoteSentPageWithReference(html, ref, trial))(c) : undefined;
    return page ?? next();
  });

  // The error pages are answers, not pages: asked for by name they are a 404 like any unknown path
  // (nginx, which proxies pages here, used to mark them `internal` for the same reason).
  // A language's Oops page (/de/404.html, decision 0160) too.
  const errorPages = new Set(["/404.html", "/__spa-fallback.html"]);
  const isErrorPage = (path: string) => errorPages.has(path) || /^\/[^/]+\/404\.html$/.test(path);
  app.use("*", (c, next) => (isErrorPage(c.req.path) ? next() : staticFiles(c.get("site"))(c, next)));
  // A page loaded just before a publish still asks for its own build's hashed scripts.
  app.use("/assets/*", (c, next) => (live.previous ? staticFiles(live.previous)(c, next) : next()));

  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));

  app.notFound(async (c) => {
    const served = c.get("site") ?? live.current;
    // /gallery/{category}/{item} not prerendered: a case variant of a real item is redirected to it;
    // anything else gets 404 with the SPA fallback, whose router shows the gallery's own not-found message.
    // A case variant of a family page (/gallery/MEN) is redirected too; an unknown family is the Oops page.
    const galleryPage = /^\/gallery\/[^/.]+(\/[^/.]+)?\/?$/.exec(c.req.path.replace(/%26/gi, "&"));
    const galleryItem = galleryPage?.[1] ? galleryPage : null;
    if (galleryPage && ["GET", "HEAD"].includes(c.req.method)) {
      const canonical = galleryPage[0].replace(/\/$/, "").toLowerCase();
      if (canonical !== galleryPage[0] && existsSync(join(served.clientDir, canonical, "index.html"))) return c.redirect(canonical, 301);
    }
    if (galleryItem && ["GET", "HEAD"].includes(c.req.method)) {
      c.header("Cache-Control", "no-cache");
      c.set("servedPage", "/__spa-fallback.html");
      return c.html(await builtPage(served, "__spa-fallback.html", "<h1>Loading…</h1>"), 404);
    }
    // Under a language's prefix (/de/…, decision 0160), that language's Oops page when the build has one.
    const language = /^\/([a-z]{2,3}(?:-[a-z0-9]{2,4})?)(?:\/|$)/.exec(c.req.path)?.[1];
    const page = language && existsSync(join(served.clientDir, language, "404.html")) ? `${language}/404.html` : "404.html";
    c.header("Cache-Control", "no-cache");
    c.set("servedPage", `/${page}`);
    return c.html(await builtPage(served, page, "<h1>Oops!</h1>"), 404);
  });

  app.onError((error, c) => {
    // An answer thrown on purpose (the form reader's refusal of a field: decision 0134) is that answer.
    if (error instanceof HTTPException) return error.getResponse();
    // The path without its tokens, the error without the query's values (decisions 0106, 0134).
    console.error(logLine`server: ${new Date()} ${c.req.method} ${pathForLog(c.req.path)} failed:`, errorForLog(error));
    return c.text("Internal Server Error", 500);
  });

  return app;
}
