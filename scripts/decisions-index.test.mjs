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

/** Each decision's Status line ("proposed": a shape agreed before the work, "accepted", "accepted, amended by NNNN", "superseded by NNNN") and Supersedes numbers. */
export function decisionStatuses(folder = dir) {
  return decisionFiles(folder).map(({ number, file }) => {
    const text = readFileSync(join(folder, file), "utf8");
    const supersedes = text.match(/^Supersedes: (.+)$/m)?.[1] ?? "";
    return { number, file, status: text.match(/^Status: (.+)$/m)?.[1] ?? "", supersedes: supersedes.match(/^\d{4}(?:, \d{4})*/)?.[0].split(", ") ?? [] };
  });
}

/** What is wrong with the decisions' Status and Supersedes lines, in words (nothing: an empty list). */
export function statusProblems(decisions) {
  const problems = [];
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  for (const decision of decisions) {
    if (!/^(proposed|accepted(, amended by \d{4}(, \d{4})*)?|superseded by \d{4})\b/.test(decision.status))
      problems.push(`${decision.file} has no valid Status line`);
    for (const number of decision.supersedes) if (!byNumber.has(number)) problems.push(`${decision.file} supersedes ${number}, which does not exist`);
    const by = decision.status.match(/^superseded by (\d{4})/)?.[1];
    if (by && !byNumber.get(by)?.supersedes.includes(decision.number))
      problems.push(`${decision.file} is superseded by ${by}, whose Supersedes line does not name it`);
  }
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

  it("gives every decision a valid Status line, and each one superseded is named by its successor", () => {
    expect(statusProblems(decisionStatuses())).toEqual([]);
  });

  it("fails on a missing Status, a Supersedes naming no decision and a successor that does not name what it replaced", () => {
    const decisions = [
      { number: "0001", file: "0001-a.md", status: "", supersedes: [] },
      { number: "0002", file: "0002-b.md", status: "superseded by 0003", supersedes: [] },
      { number: "0003", file: "0003-c.md", status: "accepted", supersedes: ["0009"] },
      { number: "0004", file: "0004-d.md", status: "accepted, amended by 0003", supersedes: [] },
    ];
    expect(statusProblems(decisions)).toEqual([
      "0001-a.md has no valid Status line",
      "0002-b.md is superseded by 0003, whose Supersedes line does not name it",
      "0003-c.md supersedes 0009, which does not exist",
    ]);
  });
});
