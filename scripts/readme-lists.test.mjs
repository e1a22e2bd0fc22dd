import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// A folder's README that lists its files (names at least one of them in backticks) lists every
// non-test source file of that folder, and names each only once in its table rows: a file added
// beside the README and left out of it, or described twice, fails here (decision 0141).

const root = normalize(join(import.meta.dirname, ".."));
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && existsSync(join(root, file)));

/** Source files a README should describe: not tests, declarations, Markdown, or the README itself. */
export function listable(name) {
  return (
    /\.(tsx?|mts|mjs|js|css|json|sh|sql|conf|ya?ml)$/.test(name) && !/\.(test|spec)\.\w+$/.test(name) && !name.endsWith(".d.mts") && !name.endsWith(".d.ts")
  );
}

/** The file names a README text names in backticks (a `a.ts`, `b.ts` cell counts each). */
export function namedFiles(text) {
  return [...text.matchAll(/`([^`\s]+)`/g)].map((m) => basename(m[1].replace(/\/$/, "")));
}

/** The file names in the first cell of each table row, in order (a name twice: described twice). */
export function rowNames(text) {
  return [...text.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]));
}

/** What a README is missing or repeats, in words (nothing: an empty list). */
export function readmeProblems(readme, text, siblings) {
  const named = new Set(namedFiles(text));
  if (!siblings.some((name) => named.has(name))) return [];
  const problems = siblings.filter((name) => !named.has(name)).map((name) => `${readme} does not name ${name}`);
  const rows = rowNames(text);
  for (const name of new Set(rows.filter((n, i) => rows.indexOf(n) !== i))) problems.push(`${readme} names ${name} in two rows`);
  return problems;
}

const readmes = files.filter((file) => basename(file) === "README.md" && !/^(node_modules|build|content|fixtures\/content)\//.test(file));

function siblingsOf(readme) {
  const folder = dirname(readme);
  return files.filter((file) => dirname(file) === folder && listable(basename(file))).map((file) => basename(file));
}

describe("folder READMEs list their files", () => {
  it.each(readmes)("%s names every non-test file of its folder once, or lists none", (readme) => {
    expect(readmeProblems(readme, readFileSync(join(root, readme), "utf8"), siblingsOf(readme))).toEqual([]);
  });

  it("fails on a file left out and a file in two rows, and leaves alone a README that lists no file", () => {
    const text = "| file | what |\n| --- | --- |\n| `a.ts` | A |\n| `a.ts` | A again |\n";
    expect(readmeProblems("x/README.md", text, ["a.ts", "b.css"])).toEqual(["x/README.md does not name b.css", "x/README.md names a.ts in two rows"]);
    expect(readmeProblems("y/README.md", "Prose only.", ["a.ts"])).toEqual([]);
  });
});
