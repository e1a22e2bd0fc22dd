import { basename, dirname, isAbsolute, relative, resolve } from "node:path";

/**
 * A file of the content named as an editor reads it, whatever the working directory is: from the
 * project holding the content folder (`content/offices/usa.yaml`, as the studio names it); absolute
 * when it lies outside that project, or when the folder is not called `content` (a test's copy),
 * so a project cannot be told. Build messages then read the same from any checkout path.
 */
export function shownContentPath(file: string, contentDir: string): string {
  const folder = resolve(contentDir);
  if (basename(folder) !== "content") return file;
  const shown = relative(dirname(folder), file);
  return !shown || shown.startsWith("..") || isAbsolute(shown) ? file : shown;
}
