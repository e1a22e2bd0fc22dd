import { watch } from "node:fs";

/** Editor droppings and temporary files that are not content (path relative to the content folder, with /). */
export function isIgnoredContentPath(path: string): boolean {
  return /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.(swp|swx|tmp|part))$/.test(path);
}

/** Calls onChange with the path (relative to dir) of every change below dir; returns a stop function. */
export function watchContent(dir: string, onChange: (path: string) => void): () => void {
  const watcher = watch(dir, { recursive: true }, (_event, filename) => {
    const path = filename ? filename.toString().replace(/\\/g, "/") : "";
    if (path && isIgnoredContentPath(path)) return;
    onChange(path);
  });
  watcher.on("error", (error) => console.error(`publish: watching ${dir} failed:`, error));
  return () => watcher.close();
}
