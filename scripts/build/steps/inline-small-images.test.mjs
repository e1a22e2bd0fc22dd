import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { inlineSmallImages, inlineSmallImagesStep, maxInlineImageBytes } from "./inline-small-images.mjs";

let build;
afterEach(() => build?.remove());

const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 4"><rect width="16" height="4" fill="#082a5c"/></svg>');
const dataUrl = `data:image/svg+xml;base64,${svg.toString("base64")}`;
const page = (head, body) => `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}<title>Men</title></head><body>${body}</body></html>`;
const preload = (href) => `<link rel="preload" as="image" href="${href}" fetchPriority="high"/>`;
const banner = (src) => `<img src="${src}" alt="" width="1600" height="400" fetchPriority="high" decoding="async" class="absolute"/>`;

describe("inlineSmallImages", () => {
  it("puts a small high-priority SVG in the page and drops its preload, leaving everything else", async () => {
    const read = [];
    const html = await inlineSmallImages(page(preload("/images/banners/default.svg"), `${banner("/images/banners/default.svg")}<h1>Men</h1>`), async (path) => {
      read.push(path);
      return svg;
    });
    expect(html).toBe(page("", `${banner(dataUrl)}<h1>Men</h1>`));
    expect(read).toEqual(["/images/banners/default.svg"]);
  });

  it("leaves photos, large SVGs, missing files and images that are not high priority as files", async () => {
    const large = Buffer.alloc(maxInlineImageBytes + 1, " ");
    const files = { "/images/big.svg": large, "/images/small.svg": svg };
    const body = [
      banner("/images/hero.webp"),
      banner("/images/big.svg"),
      banner("/images/gone.svg"),
      '<img src="/images/small.svg" alt="A cover" loading="lazy"/>',
    ].join("");
    const html = page(preload("/images/hero.webp") + preload("/images/big.svg"), body);
    expect(await inlineSmallImages(html, async (path) => files[path] ?? null)).toBe(html);
  });
});

describe("inline-small-images step", () => {
  it("inlines the small banner SVG of the build into the pages that show it first", async () => {
    build = await tempBuild({
      "index.html": page(preload("/images/banners/default.svg"), banner("/images/banners/default.svg")),
      "faq/index.html": page("", banner("/images/missing.svg")),
      "images/banners/default.svg": svg,
    });
    expect(await inlineSmallImagesStep.run(build)).toBe("1 pages");
    expect(build.files.text("index.html")).toBe(page("", banner(dataUrl)));
    expect(build.files.text("faq/index.html")).toBe(page("", banner("/images/missing.svg")));
  });
});
