import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compareFilePaths } from "./client-files.mjs";
import { tempBuild } from "./temp-build.mjs";

let build;
afterEach(() => build?.remove());

describe("the client files", () => {
  it("lists every file once, in folder order, and holds only the compressible ones", async () => {
    build = await tempBuild({ "a-c.html": "<p>c</p>", "a/b.html": "<p>b</p>", "index.html": "<p>home</p>", "media/x.avif": Buffer.from([1, 2, 3]) });
    const { files } = build;
    expect(files.list()).toEqual(["a/b.html", "a-c.html", "index.html", "media/x.avif"]);
    expect(files.pages()).toEqual(["a/b.html", "a-c.html", "index.html"]);
    expect(files.text("a/b.html")).toBe("<p>b</p>");
    expect(files.holds("media/x.avif")).toBe(false);
    expect(() => files.text("media/x.avif")).toThrow("media/x.avif: not held in memory");
    expect(() => files.text("nowhere.html")).toThrow("nowhere.html: not in the build");
  });

  it("sorts paths as a folder walk does: a folder's files where the folder sorts", () => {
    expect(["a-c", "a/b", "a/a/z", "A"].sort(compareFilePaths)).toEqual(["A", "a/a/z", "a/b", "a-c"]);
  });

  it("writes what changed, once: new and rewritten files, removals and the folders they empty", async () => {
    build = await tempBuild({ "index.html": "<p>old</p>", "404/index.html": "<p>oops</p>", "same.css": "p{}" });
    const { files, buildDir } = build;
    const client = join(buildDir, "client");
    files.setText("index.html", "<p>new</p>");
    files.setBytes("company-profile.pdf", Buffer.from("%PDF-"));
    files.remove("404/index.html");
    expect(await readFile(join(client, "index.html"), "utf8")).toBe("<p>old</p>");
    expect(await files.write()).toEqual({ written: 2, removed: 1 });
    expect(await readFile(join(client, "index.html"), "utf8")).toBe("<p>new</p>");
    expect(await readFile(join(client, "company-profile.pdf"), "utf8")).toBe("%PDF-");
    expect(existsSync(join(client, "404"))).toBe(false);
    expect(files.list()).toEqual(["company-profile.pdf", "index.html", "same.css"]);
  });

  it("refuses a change after the files were written, which would never reach the disk", async () => {
    build = await tempBuild({ "index.html": "<p>home</p>" });
    await build.files.write();
    expect(() => build.files.setText("index.html", "<p>late</p>")).toThrow("index.html: changed after the client files were written");
  });
});
