// After `react-router build`: the 404 page, the company profile PDF, deferred hydration, compile hints, precompressed
// files, the Node server bundle and the security headers.
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { withCompileHint } from "./compile-hints.mjs";
import { deferHydration, modulePreloads } from "./defer-hydration.mjs";
import { inlineSmallImages } from "./inline-small-images.mjs";
import { inlineStylesheets } from "./inline-stylesheet.mjs";
import { writeSecurityConfig } from "./security-config.mjs";
import { bundleServer } from "./server-bundle.mjs";

// BUILD_DIR: where this build goes (publishing builds into a fresh folder beside the live one).
const buildDir = process.env.BUILD_DIR || "build";
const client = join(buildDir, "client");

// The prerendered /404 is the Oops page every unknown path gets, with status 404.
await copyFile(join(client, "404/index.html"), join(client, "404.html"));
await rm(join(client, "404"), { recursive: true });

// The company profile PDF, drawn from content/ (scripts/company-profile).
await import("./company-profile/write-profile-pdf.mjs");

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Markup React streamed into hidden segments (outlined Suspense boundaries), which stays hidden
 * without JavaScript. React Router's own data scripts travel that way too; they are not content.
 */
function contentHiddenUntilScript(html) {
  const start = html.indexOf('<div hidden id="S:');
  if (start < 0) return "";
  return html
    .slice(start)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!--[\s\S]*?-->|<template id="B:\d+"><\/template>|<div hidden id="S:\d+">|<\/div>|<\/body>|<\/html>/g, "")
    .trim();
}

// One pass over the client files: every page gets its stylesheet and its small first-screen SVGs
// inline (scripts/inline-stylesheet.mjs, scripts/inline-small-images.mjs) and its hydration deferred (after the first paint, scripts/defer-hydration.mjs), then everything
// compressible is precompressed.
const stylesheets = new Map();
const readStylesheet = (href) => {
  if (!stylesheets.has(href)) stylesheets.set(href, readFile(join(client, href), "utf8"));
  return stylesheets.get(href);
};
const readImage = (path) => readFile(join(client, path)).catch(() => null);
const compressible = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest|map)$/;
// The modules any page preloads to hydrate get V8's compile hint (scripts/compile-hints.mjs).
const hydrationModules = new Set();
for await (const file of files(client)) {
  if (file.endsWith(".html")) for (const href of modulePreloads(await readFile(file, "utf8"))) hydrationModules.add(join(client, href));
}
let pages = 0;
let count = 0;
let hinted = 0;
for await (const file of files(client)) {
  if (!compressible.test(file)) continue; // images, videos, the PDF: nothing to do
  let body = await readFile(file);
  if (hydrationModules.has(file)) {
    body = Buffer.from(withCompileHint(body.toString("utf8")));
    await writeFile(file, body);
    hinted++;
  }
  if (file.endsWith(".html")) {
    const html = body.toString("utf8");
    const hidden = contentHiddenUntilScript(html);
    if (hidden) throw new Error(`${file}: content hidden until a script reveals it (see app/entry.server.tsx): ${hidden.slice(0, 200)}`);
    body = Buffer.from(deferHydration(await inlineSmallImages(await inlineStylesheets(html, readStylesheet), readImage)));
    await writeFile(file, body);
    pages++;
  }
  if (body.length < 1024) continue;
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}

await bundleServer(join(buildDir, "node/index.mjs"));
const security = await writeSecurityConfig(buildDir);
await writeFile(join(buildDir, ".stamp"), new Date().toISOString());
console.log(`postbuild: 404.html, hydration deferred on ${pages} pages, compile hint on ${hinted} modules, ${count} files precompressed (br, gz), server bundle ${buildDir}/node/index.mjs, CSP hashes for ${security.pages} pages, ${buildDir}/nginx`);
