import { relative, sep } from "node:path";
import { watch } from "chokidar";

/** Editor droppings and temporary files that are not content (path relative to the content folder, with /). */
export function isIgnoredContentPath(path: string): boolean {
  return /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.(swp|swx|tmp|part))$/.test(path);
}

/**
 * Calls onChange with the path (relative to dir, with /) of every change below dir. chokidar
 * watches each folder, not the tree at once: Node 20's recursive `fs.watch` on Linux stops
 * reporting a file once it was replaced by a rename, which is how a publish writes the published
 * tree (decision 0159), so the second publish of an entry went unseen. `ready` resolves once every
 * folder is watched.
 */
export function watchContent(dir: string, onChange: (path: string) => void): { ready: Promise<void>; stop: () => void } {
  const watcher = watch(dir, { ignoreInitial: true });
  watcher.on("all", (_event, absolute) => {
    const path = relative(dir, absolute).split(sep).join("/");
    if (path && isIgnoredContentPath(path)) return;
    onChange(path);
  });
  watcher.on("error", (error) => console.error(`publish: watching ${dir} failed:`, error));
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return { ready, stop: () => void watcher.close() };
}
