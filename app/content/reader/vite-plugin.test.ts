import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { build, type Rollup } from "vite";
import { contentPlugin } from "./vite-plugin";
import { fixtureContentDir } from "../../../fixtures/fixture-content";

// The build step that reads content/: a real Vite build through the content plugin, on a
// temporary copy of the fixture content (as CONTENT_DIR points the site's build at a folder).

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function buildWith(contentDir: string): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), "content-build-"));
  temps.push(work);
  const entry = join(work, "entry.js");
  await writeFile(entry, 'import offices from "virtual:content/offices";\nexport default offices;\n');
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: work,
    plugins: [contentPlugin({ root: contentDir })],
    build: { write: false, minify: false, lib: { entry, formats: ["es"], fileName: "entry" } },
  })) as Rollup.RollupOutput[];
  return output[0]!.output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
}

async function copyOfContent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "content-"));
  temps.push(dir);
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

describe("the content build step", () => {
  it("bundles content as plain data", async () => {
    const dir = await copyOfContent();
    const code = await buildWith(dir);
    expect(code).toContain("+1 212-555-0100");
    expect(code).not.toMatch(/keystatic|markdoc/i);
  });

  it("fails on a hand-broken file, naming the file and the field", async () => {
    const dir = await copyOfContent();
    const file = join(dir, "offices/usa.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^phone: .*$/m, "phone:"));
    await expect(buildWith(dir)).rejects.toThrow(`${file}: phone: Phone must not be empty`);
  });
});
