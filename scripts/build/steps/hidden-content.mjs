// A check, before any page is rewritten: no page may hold content that stays hidden until a script
// reveals it, because every page must read complete without JavaScript (see app/entry.server.tsx).
import { join } from "node:path";

/**
 * Markup React streamed into hidden segments (outlined Suspense boundaries), which stays hidden
 * without JavaScript. React Router's own data scripts travel that way too; they are not content.
 */
export function contentHiddenUntilScript(html) {
  const start = html.indexOf('<div hidden id="S:');
  if (start < 0) return "";
  return html
    .slice(start)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!--[\s\S]*?-->|<template id="B:\d+"><\/template>|<div hidden id="S:\d+">|<\/div>|<\/body>|<\/html>/g, "")
    .trim();
}

export const hiddenContent = {
  name: "hidden-content",
  run({ files }) {
    const pages = files.pages();
    for (const path of pages) {
      const hidden = contentHiddenUntilScript(files.text(path));
      if (hidden) throw new Error(`${join(files.dir, path)}: content hidden until a script reveals it (see app/entry.server.tsx): ${hidden.slice(0, 200)}`);
    }
    return `${pages.length} pages checked`;
  },
};
