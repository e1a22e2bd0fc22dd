import type { Config } from "@keystatic/core";
import { getAllowedDirectories } from "@keystatic/core/api/utils";

// The files the studio may list, read and write: those its collections and singletons own, as
// keystatic.config.ts names them (one source: Keystatic's own reading of the config). Keystatic's
// local API lists the whole project (its base folder is CONTENT_DIR's parent) and takes any name
// that merely starts with an owned path (content/faqEVIL… under content/faq); this server
// answers and accepts only what is owned.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

/** An entry of Keystatic's tree (GET /api/keystatic/tree, answered by studio-tree.ts, and the answer to a save). */
export type TreeEntry = { path: string; type: "tree" | "blob" | string; mode?: string; sha?: string };

export type StudioFiles = {
  /** The paths the config names (a singleton's file, a collection's or a field's folder), relative to the API's base folder. */
  roots: readonly string[];
  /** Whether `path` (relative to the API's base folder) is one of them or lies below one. */
  owns(path: string): boolean;
  /** The tree as the studio may see it: owned files and folders, and the folders that lead to them. */
  visible(entries: readonly TreeEntry[]): TreeEntry[];
};

export function studioFiles(config: AnyConfig): StudioFiles {
  const roots = getAllowedDirectories(config).map((root) => root.replace(/\/+$/, ""));
  const owns = (path: string) =>
    !path.split("/").some((name) => name === "" || name === "." || name === "..") && roots.some((root) => path === root || path.startsWith(`${root}/`));
  const leadsToOwned = (path: string) => roots.some((root) => root.startsWith(`${path}/`));
  return {
    roots,
    owns,
    visible: (entries) => entries.filter((entry) => owns(entry.path) || (entry.type === "tree" && leadsToOwned(entry.path))),
  };
}
