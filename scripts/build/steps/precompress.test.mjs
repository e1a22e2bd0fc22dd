import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { minCompressBytes, precompress } from "./precompress.mjs";

let build;
afterEach(() => build?.remove());

describe("precompress step", () => {
  it("writes .br and .gz of the final bytes of every compressible file of at least 1 kB", async () => {
    const large = `<p>${"page ".repeat(minCompressBytes)}</p>`;
    build = await tempBuild({ "index.html": "<p>as rendered</p>", "small.css": "p{}", "photo.jpg": Buffer.alloc(4096) });
    build.files.setText("index.html", large);
    await build.files.write();
    expect(await precompress.run(build)).toBe("1 files (br, gz)");
    const client = join(build.buildDir, "client");
    expect(brotliDecompressSync(await readFile(join(client, "index.html.br"))).toString()).toBe(large);
    expect(gunzipSync(await readFile(join(client, "index.html.gz"))).toString()).toBe(large);
    for (const unchanged of ["small.css.br", "small.css.gz", "photo.jpg.br", "photo.jpg.gz"]) expect(existsSync(join(client, unchanged))).toBe(false);
  });

  it("compresses a prerendered page's loader data (.data), which the browser fetches on navigation", async () => {
    const data = JSON.stringify([{ countries: Array.from({ length: 250 }, (_, n) => ({ code: `C${n}`, name: `Country ${n}` })) }]);
    build = await tempBuild({ "quote.data": data });
    expect(await precompress.run(build)).toBe("1 files (br, gz)");
    expect(brotliDecompressSync(await readFile(join(build.buildDir, "client", "quote.data.br"))).toString()).toBe(data);
  });
});
