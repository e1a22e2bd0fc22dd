// Build step (scripts/build/run-steps.mjs, before the CSP hashes): a first-screen image
// (fetchpriority="high") that is an SVG small enough for a request to cost more than its bytes — the default page banner is 656 bytes —
// goes into the page as a data: URL, and React's preload link for it goes. The largest paint then
// waits for the HTML alone instead of one more round trip on a slow line. React does not compare
// attributes when it hydrates, so the client render, which names the file, leaves the data: URL in
// place; a client-side navigation fetches the file as before. A photo stays a file.

/** Largest SVG put inline, in bytes. */
export const maxInlineImageBytes = 2048;

const highPriorityImg = /<img\b[^>]*>/g;
const srcAttribute = /\bsrc="(\/[^"?#]+\.svg)"/;

/**
 * Returns `html` with each small high-priority SVG `<img>` inlined and its image preload removed;
 * `readImage(path)` gives the file's bytes (a Buffer), or null when there is none.
 */
export async function inlineSmallImages(html, readImage) {
  const inlined = new Map();
  for (const [tag] of html.matchAll(highPriorityImg)) {
    const src = tag.match(srcAttribute)?.[1];
    if (!src || !/\bfetchpriority="high"/i.test(tag) || inlined.has(src)) continue;
    const bytes = await readImage(src);
    if (!bytes || bytes.length > maxInlineImageBytes) continue;
    inlined.set(src, `data:image/svg+xml;base64,${bytes.toString("base64")}`);
  }
  if (inlined.size === 0) return html;
  return html
    .replace(/<link rel="preload" as="image" href="([^"]+)"[^>]*>/g, (link, href) => (inlined.has(href) ? "" : link))
    .replace(highPriorityImg, (tag) => {
      const src = tag.match(srcAttribute)?.[1];
      return src && inlined.has(src) && /\bfetchpriority="high"/i.test(tag) ? tag.replace(srcAttribute, `src="${inlined.get(src)}"`) : tag;
    });
}

export const inlineSmallImagesStep = {
  name: "inline-small-images",
  async run({ files }) {
    const readImage = (src) => (files.holds(src.slice(1)) ? files.bytes(src.slice(1)) : null);
    let changed = 0;
    for (const page of files.pages()) {
      const html = files.text(page);
      const inlined = await inlineSmallImages(html, readImage);
      if (inlined !== html) {
        files.setText(page, inlined);
        changed++;
      }
    }
    return `${changed} pages`;
  },
};
