// Build step (scripts/build/run-steps.mjs, before the CSP hashes are taken): fills the empty
// <style data-href="/assets/…css"> that app/root.tsx renders with that stylesheet, so a page paints
// from its HTML alone. The stylesheet is ~8 kB compressed: one request fewer before the first paint
// is worth more on a slow line than caching it between pages.

const placeholder = /<style data-href="(\/assets\/[\w.-]+\.css)"><\/style>/g;

/** Returns `html` with each stylesheet placeholder filled by `readStylesheet(href)`. */
export async function inlineStylesheets(html, readStylesheet) {
  const hrefs = [...new Set([...html.matchAll(placeholder)].map((m) => m[1]))];
  if (hrefs.length === 0) throw new Error("inline-stylesheet: no <style data-href> placeholder (app/root.tsx renders one)");
  const sheets = new Map();
  for (const href of hrefs) {
    const css = await readStylesheet(href);
    // The text ends the <style> element early if it holds its end tag.
    if (/<\/style/i.test(css)) throw new Error(`inline-stylesheet: ${href} contains "</style"`);
    sheets.set(href, css);
  }
  return html.replace(placeholder, (_, href) => `<style data-href="${href}">${sheets.get(href)}</style>`);
}

export const inlineStylesheetsStep = {
  name: "inline-stylesheets",
  async run({ files }) {
    const pages = files.pages();
    for (const page of pages) files.setText(page, await inlineStylesheets(files.text(page), (href) => files.text(href.slice(1))));
    return `${pages.length} pages`;
  },
};
