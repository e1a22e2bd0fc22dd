// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedPdf } from "./pdf-cache";

// The build's PDF cache (decision 0195), without drawing: `make` stands for the drawing and counts its calls.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "pdf-cache-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const drawing = () => {
  const made = { count: 0 };
  return { made, make: async () => Buffer.from(`%PDF- drawing ${++made.count}`) };
};

describe("the PDF cache", () => {
  it("keeps a PDF by its key: the same key is not drawn again and gives the bytes first drawn", async () => {
    const { made, make } = drawing();
    const first = await cachedPdf(dir, ["layout-1", '{"title":"Profile"}'], make);
    const again = await cachedPdf(dir, ["layout-1", '{"title":"Profile"}'], make);
    expect([first.fromCache, again.fromCache, made.count]).toEqual([false, true, 1]);
    expect(again).toMatchObject({ cacheFile: first.cacheFile, bytes: first.bytes });
    expect(await readFile(again.cacheFile, "utf8")).toBe("%PDF- drawing 1");
  });

  it("draws anew when a word, the parts' division or an embedded file's bytes change", async () => {
    const { made, make } = drawing();
    const photo = join(dir, "photo.jpg");
    await writeFile(photo, "photo one");
    const files = new Set<string>();
    for (const key of [
      ["layout-1", "ab", "c"],
      ["layout-1", "a", "bc"],
      ["layout-1", "ab", "d"],
      ["layout-2", "ab", "c"],
    ])
      files.add((await cachedPdf(dir, key, make)).cacheFile);
    files.add((await cachedPdf(dir, ["layout-1", { file: photo }], make)).cacheFile);
    await writeFile(photo, "photo two");
    files.add((await cachedPdf(dir, ["layout-1", { file: photo }], make)).cacheFile);
    expect([files.size, made.count]).toEqual([6, 6]);
  });
});
