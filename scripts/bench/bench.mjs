// `npm run bench`: build, serve with `npm start` on a free port, run Lighthouse 12 (mobile preset,
// simulated throttling, Debian Chromium) RUNS times per route against localhost only, measure
// "interactive" (navigation start → the page has hydrated, scripts/bench/interactive.mjs) RUNS times per
// route under DevTools throttling (both with the routes taking turns: run 1 of each, then run 2),
// print one table per route with medians, and the first-load JS/CSS (gzip) of each route from the
// build output against the budget (and of the heaviest pages in every language: budgetRoutes). Results go into docs/performance.md between the bench markers.
//
// Settings (env): CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (3), BENCH_ROUTES (comma
// list), BENCH_SKIP_BUILD=1 (reuse build/), BENCH_INTERACTIVE_ONLY=1 (only the interactive figures,
// printed, docs/performance.md left alone). Exit code 1 when a target is missed.
import { spawn, execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags } from "../test-setup/chromium-flags.mjs";
import { freePort } from "../test-setup/free-port.mjs";
import { inTurns, measureInteractive, throttleDescription } from "./interactive.mjs";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The routes every benchmark measures (first-load-js.mjs counts the same ones). */
export const benchmarkedRoutes = [
  "/",
  "/our-company/aboutus",
  "/faq",
  "/contact",
  "/career",
  "/career/senior-merchandiser-knitwear",
  // The quote form: the largest form, with its own script (zod/mini and the form).
  "/quote",
  // The catalogue (decision 0077): every product with its facts, the filters after hydration.
  "/gallery",
  "/gallery/men",
  "/gallery/men/tshirt",
  // A page in each other language of the company's content (decision 0160): within noise of the
  // English page, each carrying only its own language's words.
  "/de",
  "/fr/contact",
  "/es/gallery/men/tshirt",
];
/**
 * The pages with the most first-load JavaScript (decision 0172): the quote form and a product page.
 * The budget check counts them in every language the build has, beyond the benchmarked routes.
 */
export const heaviestRoutes = ["/quote", "/gallery/men/tshirt"];

/**
 * The routes whose first-load JavaScript is checked against the budget: `routes`, and each of
 * `heaviestRoutes` in the default language and under every language prefix of the build in
 * `clientDir` (a folder such as `de/` holding a page of one of them), where the build has that page.
 */
export async function budgetRoutes(routes, clientDir = client, heaviest = heaviestRoutes) {
  const prefixes = (await readdir(clientDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && withoutLanguagePrefix(`/${entry.name}`) === "/")
    .map((entry) => `/${entry.name}`)
    .sort();
  const everyLanguage = heaviest.flatMap((route) => ["", ...prefixes].map((prefix) => `${prefix}${route}`));
  return [...new Set([...routes, ...everyLanguage.filter((route) => existsSync(routeHtmlFile(route, clientDir)))])];
}

/** A page's address in the default language: its language prefix removed (`/de/contact` → `/contact`, `/de` → `/`; decision 0160). */
export const withoutLanguagePrefix = (route) => route.replace(/^\/[a-z]{2}(?:-[a-z0-9]{2,8})?(?=\/|$)/, "") || "/";
const routes = process.env.BENCH_ROUTES?.split(",") ?? benchmarkedRoutes;
const client = "build/client";
const reportFile = "docs/performance.md";
const interactiveOnly = process.env.BENCH_INTERACTIVE_ONLY === "1";

/**
 * The targets of docs/performance.md, with its interactive time (navigation start → hydrated under DevTools
 * throttling). The JS budget: the ~112 kB React Router floor plus 15 kB (≈ 128 kB).
 */
export const targets = {
  interactiveMs: 1500,
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.01,
  firstLoadJsGzipBytes: 128 * 1024,
};

// The same Chromium flags as playwright.config.ts (no network side channels), headless.
const chromeFlags = ["--headless=new", ...chromiumFlags];

const metrics = [
  { key: "performance", label: "Performance", format: (v) => String(Math.round(v)), ok: (v) => v >= targets.performance, target: `≥ ${targets.performance}` },
  { key: "accessibility", label: "Accessibility", format: (v) => String(Math.round(v)), ok: (v) => v >= targets.accessibility, target: "100" },
  { key: "bestPractices", label: "Best Practices", format: (v) => String(Math.round(v)), ok: (v) => v >= targets.bestPractices, target: "100" },
  { key: "seo", label: "SEO", format: (v) => String(Math.round(v)), ok: (v) => v >= targets.seo, target: "100" },
  { key: "fcp", label: "FCP", format: ms, ok: () => true, target: "" },
  { key: "lcp", label: "LCP", format: ms, ok: (v) => v <= targets.lcpMs, target: `≤ ${ms(targets.lcpMs)}` },
  { key: "tbt", label: "TBT", format: (v) => `${Math.round(v)} ms`, ok: (v) => v <= targets.tbtMs, target: `≤ ${targets.tbtMs} ms` },
  { key: "cls", label: "CLS", format: (v) => v.toFixed(3), ok: (v) => v <= targets.cls, target: `≤ ${targets.cls}` },
  { key: "transferBytes", label: "Transfer", format: kb, ok: () => true, target: "" },
  { key: "jsBytes", label: "JavaScript (transfer)", format: kb, ok: () => true, target: "" },
  { key: "requests", label: "Requests", format: (v) => String(Math.round(v)), ok: () => true, target: "" },
];

function ms(v) {
  return `${(v / 1000).toFixed(2)} s`;
}
function kb(v) {
  return `${(v / 1024).toFixed(1)} kB`;
}
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The figures we report from one Lighthouse result. */
export function summarize(lhr) {
  const score = (id) => (lhr.categories[id]?.score ?? 0) * 100;
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const resources = lhr.audits["resource-summary"]?.details?.items ?? [];
  const resource = (type) => resources.find((r) => r.resourceType === type) ?? { transferSize: 0, requestCount: 0 };
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    transferBytes: audit("total-byte-weight"),
    jsBytes: resource("script").transferSize,
    requests: resource("total").requestCount,
    failedAudits: Object.entries(lhr.audits)
      .filter(([, a]) => a.score != null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode))
      .map(([id]) => id),
    outsideRequests: (lhr.audits["network-requests"]?.details?.items ?? [])
      .map((r) => r.url)
      .filter((url) => !/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|data:|blob:)/.test(url)),
  };
}

const staticImport = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * Files a route loads before any interaction: every script and stylesheet its HTML references or inlines, and
 * the static imports of those scripts (shared chunks), but not the chunks loaded later with import().
 */
/** The prerendered HTML file of a route in a client folder. */
export const routeHtmlFile = (route, clientDir) => (route === "/" ? join(clientDir, "index.html") : join(clientDir, route, "index.html"));

/**
 * A page kept out of search engines on purpose (noindex: /quote, a form). It fails Lighthouse's
 * "is-crawlable" audit by design, so its SEO score counts every other audit.
 */
export async function isNoindex(route, clientDir = client) {
  return (await readFile(routeHtmlFile(route, clientDir), "utf8")).includes('<meta name="robots" content="noindex"');
}

export async function firstLoadAssets(route, clientDir = client) {
  const html = await readFile(routeHtmlFile(route, clientDir), "utf8");
  const sizes = new Map();
  const pending = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  for (const file of pending) {
    if (sizes.has(file)) continue;
    const code = await readFile(join(clientDir, file));
    // Brotli at quality 11, as the build precompresses (scripts/build/steps/precompress.mjs) and the server sends it.
    const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, brotli });
    for (const m of code.toString("utf8").matchAll(staticImport)) pending.push(posix.join(posix.dirname(file), m[1]));
  }
  // Linked stylesheets, and the one app/root.tsx inlines (the same bytes travel in the HTML).
  const css = new Set([...html.matchAll(/<(?:link[^>]+rel="stylesheet"[^>]+href|style data-href)="([^"]+\.css)"/g)].map((m) => m[1]));
  let cssGzip = 0;
  for (const file of css) cssGzip += gzipSync(await readFile(join(clientDir, file)), { level: 9 }).length;
  const total = (key) => [...sizes.values()].reduce((sum, size) => sum + size[key], 0);
  return { jsGzip: total("gzip"), jsRaw: total("raw"), jsBrotli: total("brotli"), cssGzip, jsFiles: sizes.size, cssFiles: css.size };
}

/**
 * One Lighthouse run on `url` in a fresh browser (no cache, no warmed-up process). A broken trace
 * (NO_NAVSTART, NO_LCP: now and then on a busy machine) is run again while `retries.left` lasts.
 * `noindex`: a page kept out of search engines on purpose, whose SEO score leaves out the
 * "is-crawlable" audit it fails by design. Resolves to `summarize`'s figures and the run's
 * Lighthouse version, Chromium version and benchmarkIndex.
 */
export async function auditOnce(url, { noindex = false, retries = { left: 3 }, log = () => {}, label = "" } = {}) {
  for (;;) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        ...(noindex ? { skipAudits: ["is-crawlable"] } : {}),
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const failure = result.lhr.runtimeError?.message ?? (result.lhr.categories.performance?.score == null ? "no performance score" : null);
      if (failure) {
        if (retries.left-- <= 0) throw new Error(`${url}: ${failure}`);
        log(`${url}${label}: ${failure}; running it again`);
        continue;
      }
      const summary = summarize(result.lhr);
      log(`${url}${label}: performance ${Math.round(summary.performance)}, LCP ${ms(summary.lcp)}, TBT ${Math.round(summary.tbt)} ms`);
      return {
        summary,
        lighthouseVersion: result.lhr.lighthouseVersion,
        browserVersion: result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? "?",
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      };
    } finally {
      await chrome.kill();
    }
  }
}

/**
 * Lighthouse `runs` times on each URL (`auditOnce`), the URLs taking turns (`inTurns`); a broken
 * trace is run again up to `runs` times per URL. Resolves to each URL's summaries and the runs'
 * Lighthouse version, Chromium version and benchmarkIndexes.
 */
export async function auditInTurns(urls, runs, { noindexUrls = new Set(), log = () => {} } = {}) {
  const retries = new Map(urls.map((url) => [url, { left: runs }]));
  const meta = { lighthouseVersion: "12", browserVersion: "", benchmarkIndexes: [] };
  const results = await inTurns(urls, runs, async (url, run) => {
    const audit = await auditOnce(url, { noindex: noindexUrls.has(url), retries: retries.get(url), log, label: ` run ${run}/${runs}` });
    Object.assign(meta, { lighthouseVersion: audit.lighthouseVersion, browserVersion: audit.browserVersion });
    meta.benchmarkIndexes.push(audit.benchmarkIndex);
    return audit.summary;
  });
  return { results, ...meta };
}

async function waitForServer(url, server, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server (${server.spawnargs.join(" ")}) exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

/**
 * Starts a server in its own process group, so that it stops with everything it started, and
 * resolves once `url` answers; the returned function stops it (it also stops when this process exits).
 */
export async function startServer(command, args, { env, url }) {
  const server = spawn(command, args, { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  await waitForServer(url, server);
  return stop;
}

/**
 * The "interactive" figures: navigation start → the "hydrated" mark, per run and median, beside the
 * first contentful paint and the load event under the same throttle. Returns the text and misses.
 */
export function interactiveSection(routes, interactive) {
  const misses = [];
  const runCount = Math.max(...routes.map((route) => interactive[route].length));
  const rows = routes.map((route) => {
    const runs = interactive[route];
    const hydrated = median(runs.map((r) => r.interactive));
    const ok = hydrated <= targets.interactiveMs;
    if (!ok) misses.push(`${route} interactive ${ms(hydrated)} (target ≤ ${ms(targets.interactiveMs)})`);
    return [
      route,
      ...runs.map((r) => ms(r.interactive)),
      `**${ms(hydrated)}**`,
      ms(median(runs.map((r) => r.fcp))),
      ms(median(runs.map((r) => r.load))),
      `≤ ${ms(targets.interactiveMs)}`,
      ok ? "yes" : "**no**",
    ];
  });
  const runHeaders = Array.from({ length: runCount }, (_, i) => `run ${i + 1}`);
  const text = [
    "### Interactive: navigation start → hydrated",
    "",
    `${throttleDescription}; a fresh browser per run, cold cache, the routes taking turns (run 1 of each, then run 2, …), against \`npm start\` on localhost. "Interactive" is the \`hydrated\` performance mark (app/root.tsx: every handler attached); FCP and load (event end) are medians under the same throttle.`,
    "",
    table(["route", ...runHeaders, "interactive (median)", "FCP", "load", "target", "met"], rows),
  ].join("\n");
  return { text, misses };
}

/** A change with its sign (+, − or ± for none), rounded, thousands separated: `signed(" ms")(-1234.4)` is "−1,234 ms". */
export const signed = (unit) => (value) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(Math.round(value)).toLocaleString("en")}${unit}`;

/** A Markdown table. */
export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

async function main() {
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (set CHROME_PATH)`);
  if (process.env.BENCH_SKIP_BUILD !== "1") execSync("npm run build", { stdio: "inherit" });

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  process.on("SIGINT", () => process.exit(130));
  const stopServer = await startServer("npm", ["start"], { env: { ...process.env, PORT: String(port) }, url: `${origin}/` });

  const results = {};
  /** Routes whose page is noindex on purpose (/quote, a form): Lighthouse's "is-crawlable" audit is left out of their SEO score. */
  const noindexRoutes = new Set();
  let audit;
  const interactive = {};
  try {
    const measured = await measureInteractive(
      routes.map((route) => `${origin}${route}`),
      { runs, log: (line) => console.log(line.replace(origin, "")) },
    );
    for (const route of routes) interactive[route] = measured[`${origin}${route}`];
    if (interactiveOnly) {
      const { text, misses } = interactiveSection(routes, interactive);
      console.log(`\n${text}\n${misses.length ? `\nTargets missed:\n${misses.map((m) => `- ${m}`).join("\n")}` : ""}`);
      process.exitCode = misses.length ? 1 : 0;
      return;
    }
    for (const route of routes) if (await isNoindex(route, client)) noindexRoutes.add(route);
    audit = await auditInTurns(
      routes.map((route) => `${origin}${route}`),
      runs,
      { noindexUrls: new Set([...noindexRoutes].map((route) => `${origin}${route}`)), log: (line) => console.log(line.replace(origin, "")) },
    );
    for (const route of routes) results[route] = audit.results.get(`${origin}${route}`);
  } finally {
    stopServer();
  }

  const date = new Date().toISOString().slice(0, 10);
  const sections = [];
  const misses = [];
  sections.push(
    `Measured ${date} on this machine: Lighthouse ${audit.lighthouseVersion}, Chromium ${audit.browserVersion}, benchmarkIndex ${Math.round(median(audit.benchmarkIndexes))} (Lighthouse's CPU speed score; lower means a busier or slower machine), mobile preset, simulated throttling, ${runs} runs per route, the routes taking turns, against \`npm start\` on localhost; medians per metric.`,
  );

  const interactiveFigures = interactiveSection(routes, interactive);
  sections.push(interactiveFigures.text);
  misses.push(...interactiveFigures.misses);

  for (const route of routes) {
    const rows = metrics.map((m) => {
      const values = results[route].map((r) => r[m.key]);
      const med = median(values);
      const ok = m.ok(med);
      if (!ok) misses.push(`${route} ${m.label} ${m.format(med)} (target ${m.target})`);
      return [m.label, ...values.map(m.format), `**${m.format(med)}**`, m.target || "-", m.target ? (ok ? "yes" : "**no**") : "-"];
    });
    const hydrated = interactive[route].map((r) => r.interactive);
    const hydratedMedian = median(hydrated);
    rows.push([
      "Interactive (DevTools throttling)",
      ...hydrated.map(ms),
      `**${ms(hydratedMedian)}**`,
      `≤ ${ms(targets.interactiveMs)}`,
      hydratedMedian <= targets.interactiveMs ? "yes" : "**no**",
    ]);
    const runHeaders = results[route].map((_, i) => `run ${i + 1}`);
    let text = `### ${route}\n\n${table(["metric", ...runHeaders, "median", "target", "met"], rows)}`;
    const failed = [...new Set(results[route].flatMap((r) => r.failedAudits))];
    if (failed.length) text += `\n\nAudits not passed in at least one run: ${failed.map((a) => `\`${a}\``).join(", ")}.`;
    const outside = [...new Set(results[route].flatMap((r) => r.outsideRequests))];
    if (noindexRoutes.has(route))
      text += `\n\n${route} is kept out of search engines on purpose (noindex): its SEO score leaves out Lighthouse's "is-crawlable" audit, which a noindex page fails by design.`;
    if (outside.length) {
      text += `\n\nRequests to outside hosts: ${outside.join(", ")}.`;
      misses.push(`${route} requested outside hosts`);
    }
    sections.push(text);
  }

  const budgetRows = [];
  for (const route of await budgetRoutes(routes)) {
    const assets = await firstLoadAssets(route);
    const ok = assets.jsGzip <= targets.firstLoadJsGzipBytes;
    if (!ok) misses.push(`${route} first-load JS ${kb(assets.jsGzip)} gzip (budget ${kb(targets.firstLoadJsGzipBytes)})`);
    budgetRows.push([
      route,
      `${kb(assets.jsGzip)} (${assets.jsFiles} files)`,
      `${kb(assets.cssGzip)} (${assets.cssFiles})`,
      kb(targets.firstLoadJsGzipBytes),
      ok ? "yes" : "**no**",
    ]);
  }
  sections.push(
    `### First-load JavaScript and CSS (gzip -9 of every file the route's HTML references, and their static imports)\n\n${table(["route", "JS gzip", "CSS gzip", "JS budget", "within"], budgetRows)}`,
  );
  sections.push(misses.length ? `**Targets missed:**\n\n${misses.map((m) => `- ${m}`).join("\n")}` : "**All targets met.**");

  const body = sections.join("\n\n");
  console.log(`\n${body}\n`);
  await writeReport(`<!-- bench:start (written by npm run bench; edit outside the markers) -->\n## Latest run: ${date}\n\n${body}\n<!-- bench:end -->`);
  console.log(`Written to ${reportFile}`);
  process.exitCode = misses.length ? 1 : 0;
}

async function writeReport(block) {
  await mkdir("docs", { recursive: true });
  const existing = existsSync(reportFile) ? await readFile(reportFile, "utf8") : "# Performance\n\n";
  const marked = /<!-- bench:start[\s\S]*?<!-- bench:end -->/;
  await writeFile(reportFile, marked.test(existing) ? existing.replace(marked, block) : `${existing.trimEnd()}\n\n${block}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
