import Markdoc, { type Node, type RenderableTreeNode } from "@markdoc/markdoc";
import { type RichNode, type RichTag, type RichText, richTags } from "../rich-text";

/**
 * A Markdoc document (as Keystatic's reader parses it) → the small serialisable tree the pages
 * render. Throws a message naming the line of anything the site does not show (tags, images,
 * headings, tables…), so an unsupported edit fails the build instead of vanishing.
 */
export function markdocToRichText(node: Node): RichText {
  const errors = Markdoc.validate(node, {}).filter((e) => e.error.level !== "debug" && e.error.level !== "info");
  if (errors.length) {
    const e = errors[0]!;
    throw new Error(`line ${(e.lines[0] ?? 0) + 1}: ${e.error.message}`);
  }
  const tree = Markdoc.transform(node);
  if (!Markdoc.Tag.isTag(tree) || tree.name !== "article") throw new Error("not a Markdoc document");
  return tree.children.flatMap((c) => convert(c));
}

const allowed = new Set<string>(richTags);

function convert(node: RenderableTreeNode): RichNode[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (!Markdoc.Tag.isTag(node)) return [];
  if (!allowed.has(node.name)) throw new Error(`"${node.name}" is not shown on the site: use paragraphs, lists, bold, italics and links`);
  const children = node.children.flatMap(convert);
  const href = node.name === "a" ? String(node.attributes.href ?? "") : undefined;
  return [href === undefined ? { tag: node.name as RichTag, children } : { tag: "a", href, children }];
}
