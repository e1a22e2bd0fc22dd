// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDir, contentDir, environmentVariables, photoCacheDir, readEnvironment, readVariable, toolingVariables } from "./environment.server";
import { ConfigError } from "./config-error";

const declared = Object.keys(environmentVariables).sort();
const projectFile = (path: string) => readFileSync(resolve(import.meta.dirname, "../../..", path), "utf8");

/** `NAME=` lines of .env.example, commented-out examples (`# NAME=`) included. */
function envExampleNames(): string[] {
  return [...projectFile(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
}

/** Every `NAME` in the first column of the rows of the Markdown table under `heading` in docs/environment.md. */
function docsTableNames(heading: RegExp): string[] {
  const text = projectFile("docs/environment.md");
  const start = text.search(heading);
  expect(start, `docs/environment.md has a section ${heading}`).toBeGreaterThanOrEqual(0);
  const table = text.slice(start).split("\n").slice(1).join("\n").split(/\n#/)[0]!;
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

describe("the documented variables", () => {
  it(".env.example lists every declared variable once, and no other", () => {
    const names = envExampleNames();
    expect([...names].sort()).toEqual(declared);
    expect(new Set(names).size).toBe(names.length);
  });

  it("docs/environment.md's table lists exactly the declared variables", () => {
    expect(docsTableNames(/^## Variables$/m).sort()).toEqual(declared);
  });

  it("docs/environment.md lists the tests' and benchmarks' own variables apart, exactly those", () => {
    expect(docsTableNames(/^## Tests and benchmarks$/m).sort()).toEqual(Object.keys(toolingVariables).sort());
    expect(Object.keys(toolingVariables).filter((name) => name in environmentVariables)).toEqual([]);
  });
});

describe("readEnvironment", () => {
  it("gives every variable its declared default when nothing is set", () => {
    const environment = readEnvironment({});
    expect(environment).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      CONTENT_DIR: "content",
      BUILD_DIR: "build",
      PUBLISH: "1",
      MAIL_RATE_LIMIT_MAX: 10,
      KEYSTATIC_STORAGE: "local",
    });
    expect(environment.SMTP_URL).toBeUndefined();
  });

  it("takes an empty or blank variable as unset, and a set one without surrounding blanks", () => {
    expect(readEnvironment({ PORT: "", HOST: "  ", MAIL_RATE_LIMIT_MAX: " 0 " })).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", MAIL_RATE_LIMIT_MAX: 0 });
  });

  it("keeps a password's surrounding spaces: the account is made with the password as typed", () => {
    expect(readEnvironment({ STAFF_PASSWORD: " tin lantern orbit saffron ", STUDIO_PASSWORD: " a b " })).toMatchObject({
      STAFF_PASSWORD: " tin lantern orbit saffron ",
      STUDIO_PASSWORD: " a b ",
    });
  });

  it.each([
    ["PORT", { PORT: "eighty" }, 'PORT: "eighty" is not a port (0 to 65535)'],
    ["PUBLISH", { PUBLISH: "yes" }, 'PUBLISH: must be "0" or "1", not "yes"'],
    ["MAIL_RELAY_LEASE_SECONDS", { MAIL_RELAY_LEASE_SECONDS: "0" }, 'MAIL_RELAY_LEASE_SECONDS: "0" is not a number of more than 0'],
    ["PUBLISH_DEBOUNCE_MS", { PUBLISH_DEBOUNCE_MS: "-1" }, 'PUBLISH_DEBOUNCE_MS: "-1" is not a number of 0 or more'],
    ["KEYSTATIC_STORAGE", { KEYSTATIC_STORAGE: "gitlab" }, 'KEYSTATIC_STORAGE: must be "local" or "github", not "gitlab"'],
    ["SITE_URL", { SITE_URL: "www.example.com" }, "SITE_URL: must be a URL starting with https:// or http://"],
  ])("names %s when its value is wrong, and says what it needs", (_, env, message) => {
    expect(() => readEnvironment(env)).toThrow(ConfigError);
    expect(() => readEnvironment(env)).toThrow(message);
  });

  it("names every wrong variable in one line", () => {
    expect(() => readEnvironment({ PORT: "eighty", PUBLISH: "yes" })).toThrow(/^PORT: .*; PUBLISH: /);
  });

  it("does not repeat a URL that may carry a password", () => {
    const secret = "s3cret-password";
    for (const env of [{ SMTP_URL: `http://user:${secret}@smtp.example.com` }, { DATABASE_URL: `mysql://user:${secret}@db.example.com/leads` }]) {
      expect(() => readEnvironment(env)).toThrow(/^(SMTP_URL|DATABASE_URL): must be a URL starting with/);
      expect(() => readEnvironment(env)).not.toThrow(secret);
    }
  });
});

describe("the folders", () => {
  it("resolves an unset, empty or blank CONTENT_DIR to content/, and a set one from the project", () => {
    for (const value of [undefined, "", "  "]) expect(contentDir({ CONTENT_DIR: value })).toBe(resolve("content"));
    expect(contentDir({ CONTENT_DIR: "/tmp/copy/content" })).toBe("/tmp/copy/content");
  });

  it("builds into build/ unless BUILD_DIR says otherwise, and caches photos in PHOTO_CACHE_DIR", () => {
    expect(buildDir({ BUILD_DIR: "" })).toBe("build");
    expect(buildDir({ BUILD_DIR: "build/releases/2" })).toBe("build/releases/2");
    expect(photoCacheDir({})).toBe(resolve("node_modules/.cache/photos"));
  });

  it("reads one variable alone, naming it when it is wrong", () => {
    expect(readVariable("PORT", { PORT: "8080" })).toBe(8080);
    expect(() => readVariable("PORT", { PORT: "99999" })).toThrow(/^PORT: /);
  });
});
