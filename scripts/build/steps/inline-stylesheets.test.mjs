import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { inlineStylesheets, inlineStylesheetsStep } from "./inline-stylesheets.mjs";

let build;
afterEach(() => build?.remove());

const page = (placeholder) => `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${placeholder}<title>FAQ</title></head><body><main>FAQ</main></body></html>`;

describe("inlineStylesheets", () => {
  it("fills the placeholder app/root.tsx renders with the stylesheet it names, and keeps the rest of the page", async () => {
    const read = [];
    const html = await inlineStylesheets(page('<style data-href="/assets/app-D1Fe3wj6.css"></style>'), async (href) => {
      read.push(href);
      return "main{margin:0}";
    });
    expect(html).toBe(page('<style data-href="/assets/app-D1Fe3wj6.css">main{margin:0}</style>'));
    expect(read).toEqual(["/assets/app-D1Fe3wj6.css"]);
  });

  it("stops the build when a page has no placeholder, or the stylesheet would end the element early", async () => {
    await expect(inlineStylesheets(page('<link rel="stylesheet" href="/assets/app.css"/>'), async () => "")).rejects.toThrow(/no <style data-href> placeholder/);
    await expect(inlineStylesheets(page('<style data-href="/assets/app.css"></style>'), async () => 'a::after{content:"</style>"}')).rejects.toThrow(/contains "<\/style"/);
  });
});

describe("inline-stylesheets step", () => {
  it("fills every page's placeholder with the built stylesheet", async () => {
    const placeholder = '<html><head><style data-href="/assets/root-1.css"></style></head><body>Home</body></html>';
    build = await tempBuild({ "index.html": placeholder, "assets/root-1.css": "main{margin:0}" });
    await inlineStylesheetsStep.run(build);
    expect(build.files.text("index.html")).toBe('<html><head><style data-href="/assets/root-1.css">main{margin:0}</style></head><body>Home</body></html>');
  });
});
