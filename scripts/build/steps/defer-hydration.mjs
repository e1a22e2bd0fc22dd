// Build step (scripts/build/run-steps.mjs), the last to rewrite the pages: after compile-hints has
// read their preload links, before the CSP hashes are taken.
//
// Every page is complete HTML before any script runs; the JavaScript only hydrates it. React Router
// puts ~110 kB (gzip) of modulepreloaded JavaScript in <head> and runs it as soon as the HTML is
// parsed, so on a slow phone the first paint waits for that JavaScript to run, and the banner image
// shares the bandwidth with it. This step keeps only the client entry's preload, at low priority
// (downloaded while the page parses and paints, behind its images), and starts the hydration once
// the first contentful paint is on screen: content first, interactive right after.

const preloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const bootScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** The modules React Router preloads on a page (its markup before deferHydration): what the page runs to hydrate. */
export function modulePreloads(html) {
  return [...html.matchAll(preloadLink)].map((m) => m[1]);
}

/** Reads React Router's inline module script: its imports, route-module map and client entry. */
export function parseBootScript(source) {
  const sideEffects = [...source.matchAll(/^import "([^"]+)";$/gm)].map((m) => m[1]);
  const routes = [...source.matchAll(/^import \* as (route\d+) from "([^"]+)";$/gm)].map((m) => ({ name: m[1], href: m[2] }));
  const modules = source.match(/^\s*window\.__reactRouterRouteModules = (\{[^\n]*\});$/m)?.[1];
  const entry = source.match(/^import\("([^"]+)"\);$/m)?.[1];
  const rest = source
    .replace(/^import "[^"]+";$/gm, "")
    .replace(/^import \* as route\d+ from "[^"]+";$/gm, "")
    .replace(/^\s*window\.__reactRouterRouteModules = \{[^\n]*\};$/m, "")
    .replace(/^import\("[^"]+"\);$/m, "")
    .trim();
  if (!modules || !entry || routes.length === 0 || rest !== "") {
    throw new Error(`defer-hydration: React Router's boot script has an unknown shape:\n${source}`);
  }
  return { sideEffects, routes, modules, entry };
}

/** The performance mark the boot script sets when it starts the hydration (e2e/hydration.spec.ts). */
export const bootMark = "hydration-start";

/** When nothing paints (a hidden tab), both scripts start this long after the load event. */
const hiddenTabDelayMs = 3000;

/** Both scripts' test for the first contentful paint (each script has its own scope). */
const paintedSource = `const painted=()=>performance.getEntriesByName("first-contentful-paint").length>0;`;

/**
 * A classic script at the end of <head>: when the first contentful paint is reported, it preloads
 * the rest of the route's modules all at once (`later`: no chain of round trips, one import level
 * after the other). From <head>, because the boot script below is a module and runs only once the
 * whole document is parsed, which on a long page under a slow CPU comes well after the paint. A page
 * with nothing but text and inline images on its first screen can reach its load event before it
 * paints; it still waits for the paint, so the modules never share the line with the first paint's
 * own bytes (and Lighthouse's simulation never counts them in the paint's chain). When nothing
 * paints (a hidden tab), 3 s after the load event, as the boot script.
 */
export function fetchAtPaintScript(later) {
  return [
    `{let fetched=false;`,
    `const fetchRest=()=>{if(fetched)return;fetched=true;`,
    `for(const href of ${JSON.stringify(later)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}};`,
    paintedSource,
    // Checked at every frame: an observer's callback comes as a low-priority task, behind the parser.
    `const check=()=>{if(!fetched&&painted())fetchRest();else if(!fetched)requestAnimationFrame(check)};`,
    `if(typeof PerformanceObserver!=="function")fetchRest();else check();`,
    `addEventListener("load",()=>setTimeout(fetchRest,${hiddenTabDelayMs}),{once:true})}`,
  ].join("");
}

/**
 * The replacement boot script: once the first contentful paint has reached the screen (not after the
 * load event: images and videos further down must not hold the page's handlers back), it runs the
 * same imports as React Router's (their files already on the way, see fetchAtPaintScript); 3 s after
 * the load event when nothing paints (a hidden tab).
 */
export function deferredBootScript({ sideEffects, routes, modules, entry }) {
  const named = [...sideEffects, ...routes.map((r) => r.href)];
  const imports = named.map((href) => `import(${JSON.stringify(href)})`);
  const names = [...sideEffects.map(() => ""), ...routes.map((r) => r.name)].join(",");
  return [
    `let started=false;`,
    `const boot=()=>{if(started)return;started=true;performance.mark(${JSON.stringify(bootMark)});`,
    `Promise.all([${imports.join(",")}]).then(([${names}])=>{window.__reactRouterRouteModules=${modules};return import(${JSON.stringify(entry)})})};`,
    paintedSource,
    // The imports after the painted frame is out.
    `const start=()=>requestAnimationFrame(()=>setTimeout(boot));`,
    `if(painted()||typeof PerformanceObserver!=="function")start();`,
    `else new PerformanceObserver((list,observer)=>{if(painted()){observer.disconnect();start()}}).observe({type:"paint"});`,
    `const fallback=()=>setTimeout(boot,${hiddenTabDelayMs});`,
    `if(document.readyState==="complete")fallback();else addEventListener("load",fallback,{once:true});`,
  ].join("");
}

/**
 * Rewrites one prerendered page; throws when React Router's markup is not what we expect.
 *
 * Of the modules React Router preloads, the client entry (React DOM: about half the bytes, the same
 * file on every page) is fetched while the page parses and paints, preloaded from the end of <head>
 * at low priority; the others when the page has painted. Lighthouse's simulation counts every byte
 * fetched before the largest contentful paint as delaying it: all of them up front took its LCP to
 * 1.8–2.1 s, the entry alone costs ~0.4 s of it. In <head>, not at the end of the body: with the
 * stylesheet inline the page paints before the parser reaches the end of a long body, and a preload
 * there started only after the paint (0.6 s instead of 0.3 s on the home page, throttled).
 */
export function deferHydration(html) {
  const boot = html.match(bootScript);
  const preloads = modulePreloads(html);
  if (!boot || preloads.length === 0) throw new Error("defer-hydration: no React Router boot script or modulepreload links");
  const parsed = parseBootScript(boot[1]);
  const early = `<link rel="modulepreload" href="${parsed.entry}" fetchpriority="low"/>`;
  const atPaint = `<script>${fetchAtPaintScript(preloads.filter((href) => href !== parsed.entry))}</script>`;
  return html
    .replace(preloadLink, "")
    .replace("</head>", () => `${early}${atPaint}</head>`)
    .replace(boot[0], () => `<script type="module">${deferredBootScript(parsed)}</script>`);
}

export const deferHydrationStep = {
  name: "defer-hydration",
  run({ files }) {
    const pages = files.pages();
    for (const page of pages) files.setText(page, deferHydration(files.text(page)));
    return `${pages.length} pages`;
  },
};
