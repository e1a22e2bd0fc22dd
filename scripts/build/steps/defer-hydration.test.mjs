import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { deferHydration, deferHydrationStep, modulePreloads, parseBootScript } from "./defer-hydration.mjs";

let build;
afterEach(() => build?.remove());

// The shape React Router 7 prerenders (see any page in build/client).
const reactRouterBoot = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");`;

const page = `<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-4.js"/><link rel="modulepreload" href="/assets/root-2.js"/><link rel="modulepreload" href="/assets/react-5.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main>Content</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${reactRouterBoot}</script></body></html>`;

/** The scripts deferHydration writes: the classic one at the end of <head>, the module boot script. */
function scriptsOf(html) {
  return [html.match(/<script>(\{.*?)<\/script><\/head>/s)[1], html.match(/<script type="module">(.*?)<\/script>/s)[1]];
}

/** Runs the page's scripts in one fake browser, with `import()` recorded instead of performed. */
function runBootScript(sources) {
  const loaded = [];
  const listeners = {};
  const frames = [];
  let timers = [];
  const paints = [];
  const observers = [];
  const window = {};
  const preloaded = [];
  const document = {
    readyState: "interactive",
    createElement: () => ({}),
    head: { append: (link) => preloaded.push(`${link.rel} ${link.href}`) },
  };
  const marks = [];
  const performance = { getEntriesByName: (name) => paints.filter((p) => p === name), mark: (name) => marks.push(name) };
  class PerformanceObserver {
    constructor(callback) {
      this.callback = callback;
    }
    observe() {
      observers.push(this);
    }
    disconnect() {
      observers.splice(observers.indexOf(this), 1);
    }
  }
  const load = (href) => {
    loaded.push(href);
    return Promise.resolve({ href });
  };
  const addEventListener = (type, fn) => (listeners[type] ??= []).push(fn);
  for (const source of sources) {
    const run = new Function(
      "window", "document", "performance", "PerformanceObserver", "addEventListener", "requestAnimationFrame", "setTimeout", "load",
      source.replaceAll("import(", "load("),
    );
    run(window, document, performance, PerformanceObserver, addEventListener, (fn) => frames.push(fn), (fn, ms = 0) => timers.push({ fn, ms }), load);
  }
  const fire = (type) => (listeners[type] ?? []).forEach((fn) => fn());
  /** Renders a few frames, each followed by the timers due within `ms`, then lets the promises settle. */
  const flush = async (ms = 0) => {
    for (let frame = 0; frame < 5; frame++) {
      for (const callback of frames.splice(0)) callback(); // a callback asking for another frame gets the next one
      for (let due = timers.find((t) => t.ms <= ms); due; due = timers.find((t) => t.ms <= ms)) {
        timers = timers.filter((t) => t !== due);
        due.fn();
      }
    }
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  const paint = (name) => {
    paints.push(name);
    for (const observer of [...observers]) observer.callback({}, observer);
  };
  return { loaded, fire, window, flush, paint, marks, preloaded };
}

describe("modulePreloads", () => {
  it("finds the modules a page preloads to hydrate, and nothing else", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-4.js"/>' +
      '<link rel="preload" as="image" href="/images/hero.avif"/><script type="module" async="">import("/assets/particles-9.js");</script></head>';
    expect(modulePreloads(html)).toEqual(["/assets/manifest-1.js", "/assets/entry.client-4.js"]);
  });
});

describe("deferHydration", () => {
  it("reads React Router's boot script", () => {
    expect(parseBootScript(reactRouterBoot)).toEqual({
      sideEffects: ["/assets/manifest-1.js"],
      routes: [
        { name: "route0", href: "/assets/root-2.js" },
        { name: "route1", href: "/assets/home-3.js" },
      ],
      modules: '{"root":route0,"routes/home":route1}',
      entry: "/assets/entry.client-4.js",
    });
  });

  it("preloads only the client entry, from the end of <head> at low priority, and runs no script of its own from the HTML", () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain("<main>Content</main>");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html.match(/<script type="module">/g)).toHaveLength(1);
    // One classic script of its own, at the end of <head>, which only adds preload links (runs no module).
    expect(html.match(/<script>\{/g)).toHaveLength(1);
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    expect(preloads.map((m) => m[0])).toEqual(['<link rel="modulepreload" href="/assets/entry.client-4.js" fetchpriority="low"/>']);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-4\.js" fetchpriority="low"\/><script>\{[^<]*<\/script><\/head>/);
  });

  it("fetches nothing more until the first contentful paint, not waiting for the load event; then every other module at once, and imports the modules React Router names, the client last", async () => {
    const browser = runBootScript(scriptsOf(deferHydration(page)));
    await browser.flush();
    browser.paint("first-paint");
    await browser.flush();
    expect(browser.preloaded).toEqual([]);
    expect(browser.loaded).toEqual([]);
    expect(browser.marks).toEqual([]);

    browser.paint("first-contentful-paint"); // images and videos still loading: no load event yet
    await browser.flush();
    expect(browser.preloaded).toEqual(["modulepreload /assets/manifest-1.js", "modulepreload /assets/root-2.js", "modulepreload /assets/react-5.js"]);
    expect(browser.marks).toEqual(["hydration-start"]);
    expect(browser.loaded).toEqual(["/assets/manifest-1.js", "/assets/root-2.js", "/assets/home-3.js", "/assets/entry.client-4.js"]);
    expect(browser.window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-2.js" },
      "routes/home": { href: "/assets/home-3.js" },
    });

    browser.fire("load");
    await browser.flush(3000); // the fallback timer finds it started: nothing loads twice
    expect(browser.loaded).toHaveLength(4);
    expect(browser.preloaded).toHaveLength(3);
    expect(browser.marks).toHaveLength(1);
  });

  it("waits for the first contentful paint when the load event comes first (a first screen of text and inline images)", async () => {
    const browser = runBootScript(scriptsOf(deferHydration(page)));
    browser.fire("load");
    await browser.flush();
    expect(browser.preloaded).toEqual([]);
    expect(browser.loaded).toEqual([]);

    browser.paint("first-contentful-paint");
    await browser.flush();
    expect(browser.preloaded).toHaveLength(3);
    expect(browser.loaded).toContain("/assets/entry.client-4.js");
  });

  it("starts 3 s after the load event when no contentful paint is reported (a hidden tab)", async () => {
    const browser = runBootScript(scriptsOf(deferHydration(page)));
    browser.fire("load");
    await browser.flush(2999);
    expect(browser.preloaded).toEqual([]);
    expect(browser.loaded).toEqual([]);
    await browser.flush(3000);
    expect(browser.preloaded).toEqual(["modulepreload /assets/manifest-1.js", "modulepreload /assets/root-2.js", "modulepreload /assets/react-5.js"]);
    expect(browser.loaded).toContain("/assets/entry.client-4.js");
  });

  it("fails the build when React Router's markup changes shape", () => {
    expect(() => deferHydration(page.replace("import(", "await import("))).toThrow(/unknown shape/);
    expect(() => deferHydration("<html><body>No scripts</body></html>")).toThrow(/no React Router boot script/);
  });
});

describe("defer-hydration step", () => {
  it("rewrites every page of the build, 404.html included", async () => {
    build = await tempBuild({ "index.html": page, "404.html": page });
    expect(deferHydrationStep.run(build)).toBe("2 pages");
    for (const path of ["index.html", "404.html"]) expect(build.files.text(path)).toBe(deferHydration(page));
  });

  it("fails the build when a page lacks React Router's boot script", async () => {
    build = await tempBuild({ "index.html": "<html><head></head><body>Home</body></html>" });
    expect(() => deferHydrationStep.run(build)).toThrow("defer-hydration: no React Router boot script");
  });
});
