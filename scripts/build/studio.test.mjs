import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { swapStudio } from "./studio.mjs";

let root;
let studioDir;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-studio-swap-"));
  studioDir = join(root, "build/studio");
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A studio bundle as Vite writes it: index.html loading its hashed entry, and a lazy chunk. */
async function studioBuild(name) {
  const dir = join(root, `next-${name}`);
  await mkdir(join(dir, "assets"), { recursive: true });
  await writeFile(join(dir, "index.html"), `<script src="/keystatic/assets/main-${name}.js"></script>`);
  await writeFile(join(dir, "assets", `main-${name}.js`), `import("./editor-${name}.js")`);
  await writeFile(join(dir, "assets", `editor-${name}.js`), "");
  return dir;
}

const assets = async () => (await readdir(join(studioDir, "assets"))).sort();

describe("the studio build's swap (npm run build:studio)", () => {
  it("puts the first build in place, then each new one beside the one before, keeping the files of those two", async () => {
    await swapStudio(await studioBuild("a"), studioDir);
    expect(await readFile(join(studioDir, "index.html"), "utf8")).toContain("main-a.js");

    await swapStudio(await studioBuild("b"), studioDir);
    expect(await readFile(join(studioDir, "index.html"), "utf8")).toContain("main-b.js");
    // A studio opened before the swap still loads its editor chunk.
    expect(await assets()).toEqual(["editor-a.js", "editor-b.js", "main-a.js", "main-b.js"]);

    await swapStudio(await studioBuild("c"), studioDir);
    expect(await assets()).toEqual(["editor-b.js", "editor-c.js", "main-b.js", "main-c.js"]);
    expect(existsSync(join(root, "next-c"))).toBe(false);
  });

  it("takes a studio built before the swap existed as the build before", async () => {
    await mkdir(join(studioDir, "assets"), { recursive: true });
    await writeFile(join(studioDir, "index.html"), "old");
    await writeFile(join(studioDir, "assets/main-old.js"), "");
    await swapStudio(await studioBuild("b"), studioDir);
    expect(await assets()).toEqual(["editor-b.js", "main-b.js", "main-old.js"]);
  });
});
