import type { Config } from "@keystatic/core";
import type { RevisionEntry } from "../leads/content-history";

// Which entry of the studio a file belongs to (decision 0093): a singleton's file (content/site.yaml) and
// the files beside it (content/site/…), or a collection entry's (content/faq/moq.mdoc,
// content/gallery/items/men/shirt.yaml for a nested "**" collection). Photos in a field's own
// directory (content/media/…) belong to no entry by their path: a save names them with its entry.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

export type ContentEntries = {
  /** The entry `path` (relative to the API's base folder) belongs to, or undefined. */
  entryOf(path: string): RevisionEntry | undefined;
  /** What the studio calls it: "Offices (addresses, phones): bangladesh". */
  labelOf(entry: Pick<RevisionEntry, "kind" | "key" | "slug">): string;
  /** Whether `path` is the entry's own data file (not a photo or a file beside it). */
  isEntryFile(path: string, entry: RevisionEntry): boolean;
};

const dataExtension = /\.(ya?ml|mdoc|json|md|mdx)$/;

export function contentEntries(config: AnyConfig): ContentEntries {
  const singletons = Object.entries((config.singletons ?? {}) as Record<string, { path?: string; label?: string }>).map(([key, def]) => ({
    key,
    root: (def.path ?? `${key}`).replace(/\/+$/, ""),
    label: def.label ?? key,
  }));
  const collections = Object.entries((config.collections ?? {}) as Record<string, { path?: string; label?: string }>).map(([key, def]) => {
    const path = def.path ?? `${key}/*`;
    const depth = path.endsWith("**") ? 2 : 1;
    return { key, root: path.replace(/\*+\/?$/, ""), depth, label: def.label ?? key };
  });
  const entryOf = (path: string): RevisionEntry | undefined => {
    let best: { entry: RevisionEntry; length: number } | undefined;
    const consider = (entry: RevisionEntry, length: number) => {
      if (!best || length > best.length) best = { entry, length };
    };
    for (const { key, root } of singletons) {
      if (path.startsWith(`${root}/`) || (path.startsWith(`${root}.`) && dataExtension.test(path) && !path.slice(root.length + 1).includes("/"))) {
        consider({ kind: "singleton", key, slug: "" }, root.length);
      }
    }
    for (const { key, root, depth } of collections) {
      if (!path.startsWith(root)) continue;
      const names = path.slice(root.length).split("/");
      if (names.length < depth || names.some((name) => name === "")) continue;
      const slugNames = names.slice(0, depth);
      if (names.length === depth) {
        if (!dataExtension.test(slugNames[depth - 1]!)) continue;
        slugNames[depth - 1] = slugNames[depth - 1]!.replace(dataExtension, "");
      }
      consider({ kind: "collection", key, slug: slugNames.join("/") }, root.length);
    }
    return best?.entry;
  };
  return {
    entryOf,
    labelOf: ({ kind, key, slug }) => {
      if (kind === "singleton") return singletons.find((s) => s.key === key)?.label ?? key;
      if (kind === "collection") return `${collections.find((c) => c.key === key)?.label ?? key}: ${slug}`;
      // A publish of several entries (decision 0159): its files and audit entry name them.
      return key === "publish" ? "Several entries" : "Files";
    },
    isEntryFile: (path, entry) => {
      const found = entryOf(path);
      return !!found && found.key === entry.key && found.slug === entry.slug && dataExtension.test(path);
    },
  };
}
