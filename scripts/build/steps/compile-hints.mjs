// Build step (scripts/build/run-steps.mjs), before defer-hydration removes the preload links it
// reads. V8 compiles most functions lazily, on the main thread, the first time they run. The
// modules a page needs to hydrate run nearly all their code at once, so on a slow phone that
// compiling came after the last byte, between the download and the handlers.
// V8's explicit compile hint (Chrome 136+) asks for the whole file to be compiled eagerly, on a
// background thread while the file is still downloading. Browsers without it read a comment.
// Only the modules prerendered pages preload get it; code loaded later (particles, dialogs) stays lazy.
import { modulePreloads } from "./defer-hydration.mjs";

/** V8's magic comment; it must open the file. */
export const compileHint = "//# allFunctionsCalledOnLoad\n";

/** `source` opening with the compile hint (once). */
export function withCompileHint(source) {
  return source.startsWith(compileHint) ? source : compileHint + source;
}

export const compileHints = {
  name: "compile-hints",
  run({ files }) {
    const modules = new Set(files.pages().flatMap((page) => modulePreloads(files.text(page)).map((href) => href.slice(1))));
    const hinted = [...modules].filter((path) => files.holds(path));
    for (const path of hinted) files.setText(path, withCompileHint(files.text(path)));
    return `${hinted.length} modules`;
  },
};
