// Long texts (FAQ answers, the About text, the MD message) are written in Markdoc. The build turns
// them into this small tree (app/content/reader/markdoc.ts); components/rich-text renders it, so
// no Markdoc code reaches the browser.
import { escapeHtml } from "../lib/contracts/escape-html";

export const richTags = ["p", "strong", "em", "a", "ul", "ol", "li", "br"] as const;
export type RichTag = (typeof richTags)[number];
export type RichNode = string | { tag: RichTag; href?: string; children: RichNode[] };
export type RichText = RichNode[];

/** The text without markup, blocks separated by a blank line (JSON-LD, the company profile PDF). */
export function richTextToPlain(nodes: RichText): string {
  const blocks: string[] = [];
  const inline = (n: RichNode): string => (typeof n === "string" ? n : n.tag === "br" ? "\n" : n.children.map(inline).join(""));
  for (const n of nodes) {
    if (typeof n !== "string" && (n.tag === "ul" || n.tag === "ol")) blocks.push(n.children.map((li) => `- ${inline(li)}`).join("\n"));
    else blocks.push(inline(n));
  }
  return blocks.join("\n\n");
}

/** The paragraphs of a text, as plain strings (lists become lines starting with "- "). */
export function richTextParagraphs(nodes: RichText): string[] {
  return richTextToPlain(nodes).split("\n\n");
}

/** The text as HTML (JobPosting's description), every string and link address escaped. */
export function richTextToHtml(nodes: RichText): string {
  const html = (n: RichNode): string => {
    if (typeof n === "string") return escapeHtml(n);
    if (n.tag === "br") return "<br>";
    const href = n.tag === "a" ? ` href="${escapeHtml(n.href ?? "")}"` : "";
    return `<${n.tag}${href}>${n.children.map(html).join("")}</${n.tag}>`;
  };
  return nodes.map(html).join("");
}
