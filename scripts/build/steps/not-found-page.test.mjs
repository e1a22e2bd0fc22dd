import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { notFoundPage } from "./not-found-page.mjs";

let build;
afterEach(() => build?.remove());

describe("not-found-page step", () => {
  it("makes the prerendered /404 the 404.html every unknown path gets, and drops its folder", async () => {
    build = await tempBuild({ "404/index.html": "<h1>Oops</h1>", "index.html": "<h1>Home</h1>" });
    notFoundPage.run(build);
    await build.files.write();
    const client = join(build.buildDir, "client");
    expect(await readFile(join(client, "404.html"), "utf8")).toBe("<h1>Oops</h1>");
    expect(existsSync(join(client, "404"))).toBe(false);
    expect(build.files.pages()).toEqual(["404.html", "index.html"]);
  });

  it("does the same for each language's Oops page (decision 0160)", async () => {
    build = await tempBuild({ "404/index.html": "<h1>Oops</h1>", "de/404/index.html": "<h1>Hoppla</h1>", "de/faq/index.html": "<h1>FAQ</h1>" });
    notFoundPage.run(build);
    await build.files.write();
    const client = join(build.buildDir, "client");
    expect(await readFile(join(client, "de/404.html"), "utf8")).toBe("<h1>Hoppla</h1>");
    expect(existsSync(join(client, "de/404"))).toBe(false);
    expect(build.files.pages()).toEqual(["404.html", "de/404.html", "de/faq/index.html"]);
  });
});
