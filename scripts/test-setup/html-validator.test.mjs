import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPages, describeHtmlError, pageAddress } from "./html-validator.mjs";

// The real checker (Debian's Java, npm's vnu.jar) on a small build: one valid page, one with an
// HTML error, one whose only trouble is CSS the checker's parser does not know.
const page = (body, head = "") => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A page</title>${head}</head><body>${body}</body></html>`;
const stylesheet = "@layer properties{@property --tw-x{syntax:'*';inherits:false}}.a{margin-trim:block}";

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "html-validator-test-"));
  await mkdir(join(dir, "our-company/compliance"), { recursive: true });
  await writeFile(join(dir, "index.html"), page("<main><h1>Home</h1></main>", `<style data-href="/assets/app.css">${stylesheet}</style>`));
  await writeFile(join(dir, "our-company/compliance/index.html"), page("<figure><div><ol><li>Plan</li></ol><figcaption>The cycle</figcaption></div></figure>"));
  await writeFile(join(dir, "404.html"), page("<p>Oops!</p>", `<style>${stylesheet}</style>`));
  await writeFile(join(dir, "404.html.br"), "not a page");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("checkPages", () => {
  it("names each HTML error with its page and sets the CSS parser's messages apart", { timeout: 60_000 }, async () => {
    const check = await checkPages(dir);
    expect(check.pages).toEqual(["/404.html", "/", "/our-company/compliance"]);
    expect(check.errors.map(describeHtmlError)).toEqual([
      expect.stringMatching(/^\/our-company\/compliance: Element “figcaption” not allowed as child of element “div”/),
    ]);
    // The site's inline stylesheet (style data-href) is not read; another style element still is.
    expect(check.cssMessages).toBeGreaterThan(0);
    expect(check.ms).toBeGreaterThan(0);
  });
});

describe("pageAddress", () => {
  it("gives the address a file answers at", () => {
    expect(pageAddress("index.html")).toBe("/");
    expect(pageAddress("gallery/men/index.html")).toBe("/gallery/men");
    expect(pageAddress("__spa-fallback.html")).toBe("/__spa-fallback.html");
  });
});
