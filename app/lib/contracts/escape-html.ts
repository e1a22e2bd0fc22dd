// The one HTML escaper (decision 0082): text and attribute values in HTML or XML written by hand — the
// JobPosting description (app/content/rich-text.ts), sitemap.xml, the publishing status page, the
// studio's first-account note, a value the server writes into a built page. The server's own pages
// are Hono JSX or its `html` helper, which escape the same five characters the same way (a unit test
// compares them), so every page of the site escapes alike.

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` as HTML text or a quoted attribute value (XML too): & < > " ' written as entities. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!);
