import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentLocales } from "./content-translations";

describe("contentLocales", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reads the languages of CONTENT_DIR's locales.yaml, and of content/ where CONTENT_DIR is blank, as the environment's schema reads it", () => {
    vi.stubEnv("CONTENT_DIR", resolve("fixtures/content"));
    expect(contentLocales().map((l) => l.code)).toEqual(["en", "de"]);
    // Blank: the default folder, not the working directory (a baseline built by `npm run bench:compare` found no language).
    vi.stubEnv("CONTENT_DIR", " ");
    const blank = contentLocales();
    expect(blank.length).toBeGreaterThan(0);
    expect(blank).toEqual(contentLocales(resolve("content")));
  });
});
