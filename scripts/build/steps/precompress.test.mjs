import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { brotliQuality, cacheKeepMs, minCompressBytes, precompressStep } from "./precompress.mjs";

let build;
let cacheDir;
let precompress;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "ssl-precompress-cache-"));
  precompress = precompressStep({ cacheDir });
});
afterEach(async () => {
  await build?.remove();
  await rm(cacheDir, { recursive: true, force: true });
});

const large = (word) => `<p>${`${word} `.repeat(minCompressBytes)}</p>`;

describe("precompress step", () => {
  it("writes .br and .gz of the final bytes of every compressible file of at least 1 kB", async () => {
    build = await tempBuild({ "index.html": "<p>as rendered</p>", "small.css": "p{}", "photo.jpg": Buffer.alloc(4096) });
    build.files.setText("index.html", large("page"));
    await build.files.write();
    expect(await precompress.run(build)).toBe("1 files (br, gz; 0 from the cache)");
    const client = join(build.buildDir, "client");
    expect(brotliDecompressSync(await readFile(join(client, "index.html.br"))).toString()).toBe(large("page"));
    expect(gunzipSync(await readFile(join(client, "index.html.gz"))).toString()).toBe(large("page"));
    for (const unchanged of ["small.css.br", "small.css.gz", "photo.jpg.br", "photo.jpg.gz"]) expect(existsSync(join(client, unchanged))).toBe(false);
  });

  it("compresses every one of more files than the machine has cores, a few at a time", async () => {
    const pages = Object.fromEntries(Array.from({ length: 9 }, (_, n) => [`page-${n}/index.html`, large(`page${n}`)]));
    build = await tempBuild(pages);
    expect(await precompress.run(build)).toBe("9 files (br, gz; 0 from the cache)");
    const client = join(build.buildDir, "client");
    for (const [path, text] of Object.entries(pages)) {
      expect(brotliDecompressSync(await readFile(join(client, `${path}.br`))).toString()).toBe(text);
      expect(gunzipSync(await readFile(join(client, `${path}.gz`))).toString()).toBe(text);
    }
  });

  it("compresses a prerendered page's loader data (.data), which the browser fetches on navigation", async () => {
    const data = JSON.stringify([{ countries: Array.from({ length: 250 }, (_, n) => ({ code: `C${n}`, name: `Country ${n}` })) }]);
    build = await tempBuild({ "quote.data": data });
    expect(await precompress.run(build)).toBe("1 files (br, gz; 0 from the cache)");
    const compressed = await readFile(join(build.buildDir, "client", "quote.data.br"));
    expect(brotliDecompressSync(compressed).toString()).toBe(data);
    expect(compressed).toEqual(brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  });

  it("compresses the pages at brotli quality 6, their loader data at 10, and scripts, styles and the rest at 11", () => {
    expect([brotliQuality("index.html"), brotliQuality("faq/index.html")]).toEqual([6, 6]);
    expect([brotliQuality("faq.data"), brotliQuality("de/faq.data")]).toEqual([10, 10]);
    expect([brotliQuality("assets/shell-abc.js"), brotliQuality("assets/app.css"), brotliQuality("data.json")]).toEqual([11, 11, 11]);
  });

  it("takes an unchanged file's copies from the previous build, the same bytes a fresh compression gives, and compresses only the changed one", async () => {
    const previous = await tempBuild({ "index.html": large("home"), "faq/index.html": large("question") });
    expect(await precompress.run(previous)).toBe("2 files (br, gz; 0 from the cache)");

    build = await tempBuild({ "index.html": large("home"), "faq/index.html": large("answer") });
    expect(await precompress.run(build)).toBe("2 files (br, gz; 1 from the cache)");
    const [before, after] = [join(previous.buildDir, "client"), join(build.buildDir, "client")];
    // Not compressed again: the previous build's own files (one file on disk, two names).
    for (const copy of ["index.html.br", "index.html.gz"]) {
      const [old, now] = await Promise.all([stat(join(before, copy)), stat(join(after, copy))]);
      expect(now.ino).toBe(old.ino);
    }
    const fresh = (text) => ({
      br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }),
      gz: gzipSync(text, { level: 9 }),
    });
    expect(await readFile(join(after, "index.html.br"))).toEqual(fresh(large("home")).br);
    expect(await readFile(join(after, "index.html.gz"))).toEqual(fresh(large("home")).gz);
    // The changed page: compressed from its new bytes, the previous build's copies left as they were.
    expect(await readFile(join(after, "faq/index.html.br"))).toEqual(fresh(large("answer")).br);
    expect(await readFile(join(after, "faq/index.html.gz"))).toEqual(fresh(large("answer")).gz);
    expect((await stat(join(after, "faq/index.html.br"))).ino).not.toBe((await stat(join(before, "faq/index.html.br"))).ino);
    expect(brotliDecompressSync(await readFile(join(before, "faq/index.html.br"))).toString()).toBe(large("question"));
    await previous.remove();
  });

  it("removes cache entries no build holds after an hour, and keeps those a build holds however old", async () => {
    build = await tempBuild({ "index.html": large("old") });
    await precompress.run(build);
    await build.remove();
    const old = await readdir(cacheDir);
    expect(old).toHaveLength(2);
    const longAgo = new Date(Date.now() - cacheKeepMs - 60_000);
    for (const name of old) await utimes(join(cacheDir, name), longAgo, longAgo);

    build = await tempBuild({ "index.html": large("new") });
    await precompress.run(build);
    const kept = await readdir(cacheDir);
    expect(kept).toHaveLength(2);
    expect(kept.some((name) => old.includes(name))).toBe(false);

    // Held by a build still there (the live release), although made long ago and not used by the next build: kept.
    for (const name of kept) await utimes(join(cacheDir, name), longAgo, longAgo);
    const next = await tempBuild({ "index.html": large("next") });
    await precompress.run(next);
    await next.remove();
    const now = await readdir(cacheDir);
    expect(now).toHaveLength(4);
    expect(now).toEqual(expect.arrayContaining(kept));
  });
});
