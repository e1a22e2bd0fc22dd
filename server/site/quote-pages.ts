import { escapeHtml } from "../../app/lib/contracts/escape-html";
import { quoteReferencePattern, productRefPattern, quoteLimits, quoteMoreProductsId } from "../../app/lib/contracts/quote";

// /quote and /quote/sent are prerendered once, with nothing chosen and no reference. Without
// JavaScript the server is the only one that can show ?item= and ?ref=, so it answers those two
// addresses with the built page and the value written in (docs/decisions/0043-quote-pages-filled-by-the-server.md).
// Only a product the page lists or a well-formed reference is written; nothing else from the address.

// Written as the prerender wrote it: React escapes an attribute's & < > " ' as the one escaper does
// (' as &#x27;, which a product reference cannot hold: productRefPattern).
const escapeAttribute = escapeHtml;

/**
 * The /quote page with the n-th ?item= chosen in the n-th product row (each row lists every
 * product once, in document order) and, with more than one, the further rows open.
 */
export function quotePageWithProducts(html: string, items: string[]): string {
  const refs = [...new Set(items.filter((ref) => productRefPattern.test(ref)))].slice(0, quoteLimits.maxProducts);
  let page = html;
  let chosen = 0;
  refs.forEach((ref, row) => {
    // An option may carry data-* attributes after its value (a product's own terms, decision 0078).
    const option = `<option value="${escapeAttribute(ref)}"`;
    let at = -1;
    for (let n = 0; n <= row; n++) {
      at = page.indexOf(option, at + 1);
      if (at < 0) return;
    }
    page = `${page.slice(0, at + option.length)} selected=""${page.slice(at + option.length)}`;
    chosen++;
  });
  if (chosen > 1) page = page.replace(`<details id="${quoteMoreProductsId}"`, `<details open="" id="${quoteMoreProductsId}"`);
  return page;
}

/**
 * The /quote/sent page with the reference of ?ref= in its place and, for &trial=1 (a quantity below a
 * product's usual minimum, decision 0148), its note that the request is a trial order to discuss shown.
 */
export function quoteSentPageWithReference(html: string, ref: string, trial = false): string {
  if (!quoteReferencePattern.test(ref)) return html;
  const page = html.replace(/(<strong id="quote-reference"[^>]*>)(<\/strong>)/, `$1${ref}$2`);
  return trial ? page.replace(/(<p id="quote-below-minimum") hidden=""/, "$1") : page;
}
