// Build step (called by scripts/postbuild.mjs): V8 compiles most functions lazily, on the main thread,
// the first time they run. The modules a page needs to hydrate run nearly all their code at once, so
// on a slow phone that compiling came after the last byte, between the download and the handlers.
// V8's explicit compile hint (Chrome 136+) asks for the whole file to be compiled eagerly, on a
// background thread while the file is still downloading. Browsers without it read a comment.
// Only the modules prerendered pages preload get it; code loaded later (particles, dialogs) stays lazy.

/** V8's magic comment; it must open the file. */
export const compileHint = "//# allFunctionsCalledOnLoad\n";

/** `source` opening with the compile hint (once). */
export function withCompileHint(source) {
  return source.startsWith(compileHint) ? source : compileHint + source;
}
