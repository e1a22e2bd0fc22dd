import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// Comments and READMEs that name a file send the next reader to it: a name left behind by a move or
// rename sends them nowhere. Every path-like name in a comment or a Markdown file must be a file or
// folder of the project (generated ones under build/ and test fixtures aside).

const root = normalize(join(import.meta.dirname, ".."));
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && existsSync(join(root, file)));
const known = new Set(files.flatMap((file) => file.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
const basenames = new Set(files.map((file) => basename(file)));

/** The comments of a source file (line and block), or all of a Markdown file. */
function commentsOf(file, text) {
  if (file.endsWith(".md")) return text;
  if (/\.(conf|sh)$/.test(file)) return [...text.matchAll(/#.*$/gm)].map((m) => m[0]).join("\n");
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/.*$/gm)].map((m) => m[0]).join("\n");
}

const reference = /(?<![\w@./~<>{}*-])(\w(?:[\w.-]*\/)*[\w.-]*\.(?:tsx?|mts|mjs|md|mdoc|yaml|css|sh|conf))(?![\w/-])/g;

/**
 * A name resolves from the project root, from the file's folder, from app/ or content/, or (without a
 * folder) anywhere. The nginx files named alone are generated (build/nginx/, server/platform/security-headers.ts).
 */
function resolves(name, from) {
  if (!name.includes("/")) return basenames.has(name) || name.endsWith(".conf");
  return [name, join(dirname(from), name), `app/${name}`, `content/${name}`].some((path) => known.has(normalize(path)));
}

const checked = files.filter((file) => /\.(tsx?|mts|mjs|md|css|sh|conf)$/.test(file) && !/\.(test|spec)\.\w+$/.test(file) && !file.startsWith("node_modules/"));

describe("file names in comments and READMEs", () => {
  it.each(checked)("%s names only files that exist", (file) => {
    const names = [...commentsOf(file, readFileSync(join(root, file), "utf8")).matchAll(reference)].map((m) => m[1]);
    const missing = names.filter((name) => !name.startsWith("build/") && !name.startsWith(".") && !resolves(name, file));
    expect(missing).toEqual([]);
  });
});
