import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md lists every decision (decision 0086): a file missing from the index, a row
// naming no file, a title that is not the file's own heading, or two files with one number fail here.

const dir = join(import.meta.dirname, "..", "docs", "decisions");

/** The decision files: NNNN-words.md, each with its title (its first heading, without a leading "NNNN — "). */
export function decisionFiles(folder = dir) {
  return readdirSync(folder)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort()
    .map((file) => {
      const heading = readFileSync(join(folder, file), "utf8").match(/^# (.+)$/m)?.[1] ?? "";
      return { number: file.slice(0, 4), title: heading.replace(/^\d{4}\s+—\s+/, "").trim(), file };
    });
}

/** The index's rows: `| NNNN | [title](file) |`. */
export function indexRows(text) {
  return [...text.matchAll(/^\| (\d{4}) \| \[(.+)\]\(([^)]+)\) \|$/gm)].map(([, number, title, file]) => ({ number, title, file }));
}

/** What is wrong with an index of these files, in words (nothing: an empty list). */
export function indexProblems(files, rows) {
  const problems = [];
  const byFile = new Map(rows.map((row) => [row.file, row]));
  for (const decision of files) {
    const row = byFile.get(decision.file);
    if (!row) problems.push(`${decision.file} is not in docs/decisions/README.md`);
    else if (row.number !== decision.number || row.title !== decision.title)
      problems.push(`${decision.file} is listed as "${row.number} ${row.title}", its heading says "${decision.number} ${decision.title}"`);
  }
  const known = new Set(files.map((f) => f.file));
  for (const row of rows) if (!known.has(row.file)) problems.push(`docs/decisions/README.md names ${row.file}, which does not exist`);
  const numbers = files.map((f) => f.number);
  for (const number of new Set(numbers.filter((n, i) => numbers.indexOf(n) !== i))) problems.push(`two decisions are numbered ${number}`);
  const order = rows.map((r) => r.file);
  if (order.join() !== [...order].sort().join()) problems.push("docs/decisions/README.md is not in the order of the numbers");
  return problems;
}

describe("the index of the decisions (docs/decisions/README.md)", () => {
  it("lists every decision file, by its number and its own title, and nothing else", () => {
    const files = decisionFiles();
    const rows = indexRows(readFileSync(join(dir, "README.md"), "utf8"));
    expect(indexProblems(files, rows)).toEqual([]);
    expect(rows).toHaveLength(files.length);
  });

  it("fails on a decision left out, a row naming no file, a changed title and a number used twice", () => {
    const files = [
      { number: "0001", title: "Header", file: "0001-header.md" },
      { number: "0002", title: "First touch", file: "0002-first-touch.md" },
      { number: "0002", title: "Another", file: "0002-another.md" },
    ];
    const rows = [
      { number: "0001", title: "Heading", file: "0001-header.md" },
      { number: "0002", title: "First touch", file: "0002-first-touch.md" },
      { number: "0003", title: "Gone", file: "0003-gone.md" },
    ];
    expect(indexProblems(files, rows)).toEqual([
      '0001-header.md is listed as "0001 Heading", its heading says "0001 Header"',
      "0002-another.md is not in docs/decisions/README.md",
      "docs/decisions/README.md names 0003-gone.md, which does not exist",
      "two decisions are numbered 0002",
    ]);
  });
});
