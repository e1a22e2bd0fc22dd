import { createElement, type ReactNode } from "react";
import type { RichNode, RichTag, RichText as RichTextNodes } from "~/content/rich-text";
import { useLocalizedPath } from "~/lib/locale";

export type RichTextProps = {
  nodes: RichTextNodes;
  /** Classes per element, e.g. { p: "mt-4" }: the text is data, its look belongs to the page. */
  classNames?: Partial<Record<RichTag, string>>;
};

/** Renders a long text from content/ (paragraphs, lists, bold, italics, links) as plain elements. */
export function RichText({ nodes, classNames = {} }: RichTextProps) {
  // A link to a page of this site leads to it in the page's language (decision 0167).
  const localize = useLocalizedPath();
  return <>{nodes.map((n, i) => render(n, i, classNames, localize))}</>;
}

function render(node: RichNode, key: number, classNames: RichTextProps["classNames"] & object, localize: (href: string) => string): ReactNode {
  if (typeof node === "string") return node;
  const external = node.tag === "a" && /^https?:/.test(node.href ?? "");
  return createElement(
    node.tag,
    {
      key,
      className: classNames[node.tag],
      href: node.href === undefined ? undefined : localize(node.href),
      ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}),
    },
    ...(node.tag === "br" ? [] : node.children.map((c, i) => render(c, i, classNames, localize))),
  );
}
