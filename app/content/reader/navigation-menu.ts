import { galleryFamilyPath } from "../../lib/contracts/site-paths";

// The menu of content/navigation.yaml as the pages receive it. A group lists its sub-links, or says
// it takes them from the gallery families (`childrenFrom: galleryFamilies`): the Product Gallery
// drop-down then follows content/gallery/families/ (names and order), so a family added or removed
// in the studio changes the menu at the next build without being typed twice.

export type MenuLink = { label: string; to: string };
export type MenuEntry = { label: string; to: string; childrenFrom?: "list" | "galleryFamilies"; children: readonly MenuLink[] };
export type MenuFamily = { slug: string; label: string };
export type MenuItem = MenuLink | { label: string; id: string; children: MenuLink[] };

/**
 * Links and groups from the menu entries, a gallery group filled from the families (given in their
 * order). `problem(i, message)` hears an entry that is neither a link nor a group.
 */
export function navigationMenu(
  entries: readonly MenuEntry[],
  families: readonly MenuFamily[],
  problem: (index: number, message: string) => void = () => {},
): MenuItem[] {
  return entries.map((item, i) => {
    const fromFamilies = item.childrenFrom === "galleryFamilies";
    if (fromFamilies && item.children.length > 0) problem(i, "the sub-links come from the gallery families: leave the list of sub-links empty");
    const children = fromFamilies
      ? families.map((f) => ({ label: f.label, to: galleryFamilyPath(f.slug) }))
      : item.children.map((c) => ({ label: c.label, to: c.to }));
    const isGroup = fromFamilies || children.length > 0;
    if (isGroup === /^\//.test(item.to)) problem(i, "give either a link starting with / or sub-links, not both");
    return isGroup ? { label: item.label, id: item.label.toLowerCase().replace(/[^a-z]+/g, "-"), children } : { label: item.label, to: item.to };
  });
}
