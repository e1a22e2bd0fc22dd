import { createHash } from "node:crypto";
import { staffText } from "../staff/ui/text";

// The "Preview — not published" bar (decision 0159): added by the server to each page of the preview
// origin as it is sent, never written into the release, so the release's files stay byte for byte
// what Publish will serve. No script: a named region with a link to the same page on the public site.

/**
 * Its style sheet: fixed at the bottom left, clear of the page's own "back to top" button at the
 * bottom right; white and pale yellow on near-black (17:1 and 14:1), the link underlined, its focus
 * a 3 px white ring.
 */
const barCss = [
  ".ssl-preview-bar{position:fixed;z-index:2147483647;left:.75rem;bottom:.75rem;box-sizing:border-box;max-width:calc(100% - 6.5rem);margin:0;padding:.5rem .875rem;border:2px solid #fde68a;border-radius:.5rem;background:#111827;color:#fff;font:600 .9375rem/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgb(0 0 0/.3)}",
  ".ssl-preview-bar a{margin-left:.5rem;color:#fde68a;text-decoration:underline}",
  ".ssl-preview-bar a:focus-visible{outline:3px solid #fff;outline-offset:2px}",
].join("");

/** The bar's style element, as added before the page's </head>. */
export const previewBarStyle = `<style data-preview-bar>${barCss}</style>`;

/** Its CSP source: the preview's pages allow it beside the release's own hashes. */
export const previewBarStyleHash = `sha256-${createHash("sha256").update(barCss, "utf8").digest("base64")}`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** What the bar says of the release it shows besides "Preview — not published": a branch (GitHub mode), or the publisher's build (decision 0178). */
export type PreviewShows = { branch: string } | { followed: { tree: string; builtAt: string } };

/**
 * The bar itself, linking to `liveUrl` (the same page on the public origin) and, when given, to
 * `publishUrl` (the desk's "Changes to publish": a link, not a form, since the desk is another origin).
 * In GitHub mode it names the `branch` it shows; on an instance that follows the publisher's
 * previews, the content tree it was built from and when.
 */
export function previewBarHtml(liveUrl: string, publishUrl?: string, shows?: PreviewShows): string {
  const { bar, live, publish, branch: branchWords, followed } = staffText.preview;
  const publishLink = publishUrl ? `<a href="${escapeAttribute(publishUrl)}">${publish}</a>` : "";
  const words = shows && ("branch" in shows ? branchWords(shows.branch) : followed(shows.followed.tree, shows.followed.builtAt));
  const named = words ? ` <span>${escapeAttribute(words)}</span>` : "";
  return `<section data-preview-bar class="ssl-preview-bar" aria-label="${bar}"><strong>${bar}</strong>${named}<a href="${escapeAttribute(liveUrl)}">${live}</a>${publishLink}</section>`;
}

/**
 * The page with the bar: its style sheet just before </head>, the bar just after the opening <body>
 * (a page without them gets both at its start). Nothing else of the page changes.
 */
export function withPreviewBar(html: string, liveUrl: string, publishUrl?: string, shows?: PreviewShows): string {
  const bar = previewBarHtml(liveUrl, publishUrl, shows);
  const head = html.search(/<\/head\s*>/i);
  const body = /<body\b[^>]*>/i.exec(html);
  if (head < 0 || !body || body.index < head) return `${previewBarStyle}${bar}${html}`;
  const afterBody = body.index + body[0].length;
  return `${html.slice(0, head)}${previewBarStyle}${html.slice(head, afterBody)}${bar}${html.slice(afterBody)}`;
}
