import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The app's test files share their worker's modules (vitest.config.ts: `isolate: false`, decision
// 0145): what one test leaves behind in the page's globals must not reach the next file. Vitest
// restores spies itself (restoreMocks); the rest is reset here after every test.
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A file that runs in Node (`@vitest-environment node`) has no page.
  if (typeof document === "undefined") return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute("data-hydrated");
});
