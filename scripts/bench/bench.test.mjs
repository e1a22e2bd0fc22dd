import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { budgetRoutes, firstLoadAssets, interactiveSection, median, signed, summarize } from "./bench.mjs";
import { inTurns, networkConditions, throttle, throttleDescription } from "./interactive.mjs";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("signed", () => {
  it("writes a change with its sign, rounded, thousands separated, and ± for none", () => {
    expect([signed(" ms")(70.4), signed(" ms")(-1234.4), signed(" B")(0), signed("")(-2)]).toEqual(["+70 ms", "−1,234 ms", "±0 B", "−2"]);
  });
});

describe("summarize", () => {
  it("reads scores, metrics, script bytes, request count and outside hosts from a Lighthouse result", () => {
    const lhr = {
      categories: { performance: { score: 0.98 }, accessibility: { score: 1 }, "best-practices": { score: 1 }, seo: { score: 1 } },
      audits: {
        "first-contentful-paint": { numericValue: 900, score: 1, scoreDisplayMode: "numeric" },
        "largest-contentful-paint": { numericValue: 1200, score: 1, scoreDisplayMode: "numeric" },
        "total-blocking-time": { numericValue: 40, score: 1, scoreDisplayMode: "numeric" },
        "cumulative-layout-shift": { numericValue: 0, score: 1, scoreDisplayMode: "numeric" },
        "total-byte-weight": { numericValue: 120000, score: 1, scoreDisplayMode: "numeric" },
        "uses-http2": { score: 0, scoreDisplayMode: "binary" },
        "resource-summary": {
          details: {
            items: [
              { resourceType: "total", transferSize: 120000, requestCount: 12 },
              { resourceType: "script", transferSize: 100000, requestCount: 8 },
            ],
          },
        },
        "network-requests": { details: { items: [{ url: "http://localhost:4000/" }, { url: "https://fonts.example.com/x.woff2" }] } },
      },
    };
    const summary = summarize(lhr);
    expect(summary).toMatchObject({ performance: 98, accessibility: 100, lcp: 1200, tbt: 40, jsBytes: 100000, requests: 12 });
    expect(summary.failedAudits).toEqual(["uses-http2"]);
    expect(summary.outsideRequests).toEqual(["https://fonts.example.com/x.woff2"]);
  });
});

describe("firstLoadAssets", () => {
  it("sums the raw, gzip and brotli size of every script and stylesheet the route's HTML references or inlines and their static imports, once each", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "faq"));
    const a = "console.log('a');".repeat(50);
    const b = 'import{s as x}from"./shared.js";export const b = x;import("./lazy.js");';
    const shared = 'import"./a.js";export const s = 1;';
    const css = "body{color:red}";
    const inlineCss = "main{margin:0}";
    writeFileSync(join(dir, "assets/a.js"), a);
    writeFileSync(join(dir, "assets/b.js"), b);
    writeFileSync(join(dir, "assets/shared.js"), shared);
    writeFileSync(join(dir, "assets/lazy.js"), "loaded later, on demand");
    writeFileSync(join(dir, "assets/root.css"), css);
    writeFileSync(join(dir, "assets/app.css"), inlineCss);
    writeFileSync(
      join(dir, "faq/index.html"),
      `<link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/root.css"/><style data-href="/assets/app.css">${inlineCss}</style><script type="module">import("/assets/a.js");import("/assets/b.js")</script>`,
    );
    const assets = await firstLoadAssets("/faq", dir);
    const gz = (text) => gzipSync(text, { level: 9 }).length;
    const br = (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(assets).toEqual({
      jsGzip: gz(a) + gz(b) + gz(shared),
      jsRaw: a.length + b.length + shared.length,
      jsBrotli: br(a) + br(b) + br(shared),
      cssGzip: gz(css) + gz(inlineCss),
      jsFiles: 3,
      cssFiles: 2,
    });
  });
});

describe("interactive figures", () => {
  const run = (interactive, fcp = 700, load = 900) => ({ interactive, fcp, load });

  it("gives each route's runs, the median, FCP and load under the stated throttle, and flags a median over 1.5 s", () => {
    const { text, misses } = interactiveSection(["/", "/faq"], {
      "/": [run(1400), run(1600, 800, 1000), run(1300, 600, 800)],
      "/faq": [run(1490), run(1620), run(1700)],
    });
    expect(text).toContain(throttleDescription);
    expect(text).toContain("| route | run 1 | run 2 | run 3 | interactive (median) | FCP | load | target | met |");
    expect(text).toContain("| / | 1.40 s | 1.60 s | 1.30 s | **1.40 s** | 0.70 s | 0.90 s | ≤ 1.50 s | yes |");
    expect(text).toContain("| /faq | 1.49 s | 1.62 s | 1.70 s | **1.62 s** | 0.70 s | 0.90 s | ≤ 1.50 s | **no** |");
    expect(misses).toEqual(["/faq interactive 1.62 s (target ≤ 1.50 s)"]);
  });

  it("states and applies the issue-14 throttle: 4× CPU, 150 ms round trip, 1.6 Mbps down, 412×823", () => {
    expect(throttleDescription).toMatch(/4× CPU slowdown, 150 ms round trip, 1\.6 Mbps down \/ 750 kbps up, 412×823 viewport/);
    expect(networkConditions()).toEqual({ offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
    expect(throttle.cpuSlowdown).toBe(4);
  });
});

describe("inTurns", () => {
  it("measures every route once before any route a second time, and gives each route its own runs in order", async () => {
    const calls = [];
    const results = await inTurns(["/", "/faq", "/quote"], 2, async (route, run) => {
      calls.push(`${route} ${run}`);
      return `${route} #${run}`;
    });
    expect(calls).toEqual(["/ 1", "/faq 1", "/quote 1", "/ 2", "/faq 2", "/quote 2"]);
    expect(results.get("/faq")).toEqual(["/faq #1", "/faq #2"]);
  });
});

describe("budgetRoutes", () => {
  it("adds the heaviest pages in the default language and in every language the build has, where the build has them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-"));
    for (const page of ["quote", "gallery/men/tshirt", "de/quote", "de/gallery/men/tshirt", "fr/quote", "assets/x", "gallery/men"]) {
      mkdirSync(join(dir, page), { recursive: true });
      if (page !== "assets/x") writeFileSync(join(dir, page, "index.html"), "<html></html>");
    }
    expect(await budgetRoutes(["/", "/quote", "/faq"], dir)).toEqual([
      "/",
      "/quote",
      "/faq",
      "/de/quote",
      "/fr/quote",
      "/gallery/men/tshirt",
      "/de/gallery/men/tshirt",
    ]);
  });
});
