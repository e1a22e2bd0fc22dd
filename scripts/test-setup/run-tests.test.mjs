import { describe, expect, it } from "vitest";
import { formatDuration, lastLine, runStages, selectStages, stages, timesTable } from "./run-tests.mjs";

// npm test's runner: stage times as each ends and in a table, the runner's summary still last.

/** A stage that runs `code` in Node instead of an npm script. */
const stage = (name, code, more = {}) => ({ name, command: [process.execPath, "-e", code], ...more });

async function run(plan) {
  let printed = "";
  const write = (text) => {
    printed += text;
  };
  const passed = await runStages(plan, { out: { stdout: write, stderr: write } });
  return { passed, printed, lines: printed.trimEnd().split("\n") };
}

describe("npm test's runner", { timeout: 30_000 }, () => {
  it("prints each stage's time as it ends, a table of them, and the last end-to-end summary as its very last line", async () => {
    const { passed, printed, lines } = await run([
      [stage("typecheck", "console.log('types fine')"), stage("lint", "console.log('lint fine')")],
      stage("e2e", "console.log('  1 passed (1.0s)')", { summary: true }),
      stage("staff-edits", "console.log('Staff-edit check');console.log('  2 passed (2.0s)');console.log('')", { summary: true }),
    ]);
    expect(passed).toBe(true);
    expect(printed).toMatch(/■ typecheck: passed in \d+:\d\d\n/);
    expect(printed).toMatch(/■ staff-edits: passed in \d+:\d\d\n/);
    expect(printed).toContain("types fine");
    const table = lines.indexOf("npm test, stage times (minutes:seconds):");
    expect(lines.slice(table + 1, table + 6).map((line) => line.trim().split(/\s+/)[0])).toEqual(["typecheck", "lint", "e2e", "staff-edits", "total"]);
    expect(lines[table + 1]).toMatch(/passed, beside lint$/);
    expect(lines.at(-1)).toBe("  2 passed (2.0s)");
  });

  it("keeps the output of stages run side by side apart, each in one piece", async () => {
    const chatty = (word) => `for (let i = 0; i < 5; i++) { console.log('${word}', i); await new Promise((r) => setTimeout(r, 20)); }`;
    const { lines } = await run([[stage("one", chatty("one")), stage("two", chatty("two"))]]);
    const firsts = lines.filter((line) => /^(one|two) \d$/.test(line)).map((line) => line.split(" ")[0]);
    expect(firsts.join(",")).toMatch(/^(one,one,one,one,one,two,two,two,two,two|two,two,two,two,two,one,one,one,one,one)$/);
  });

  it("stops after a failed step, says which stage failed, and still ends on the last summary there is", async () => {
    const { passed, printed, lines } = await run([
      stage("e2e", "console.log('  3 passed (1.0s)')", { summary: true }),
      [stage("lint", "process.exit(2)"), stage("typecheck", "")],
      stage("staff-edits", "console.log('never')", { summary: true }),
    ]);
    expect(passed).toBe(false);
    expect(printed).not.toContain("never");
    expect(printed).toContain("■ lint: failed (exit code 2)");
    expect(printed).toContain("npm test failed: lint failed (exit code 2)");
    expect(lines.at(-1)).toBe("  3 passed (1.0s)");
  });

  it("runs the named stages only, in npm test's order, and refuses a name it does not know", () => {
    expect(selectStages(["e2e", "lint"]).map((step) => (Array.isArray(step) ? step.map((s) => s.name) : step.name))).toEqual(["lint", "e2e"]);
    expect(selectStages([])).toBe(stages);
    expect(() => selectStages(["unti"])).toThrow(/unknown stage unti; the stages are typecheck, lint, unit/);
  });

  it("every stage runs an npm script of package.json", async () => {
    const { scripts } = (await import("../../package.json", { with: { type: "json" } })).default;
    for (const { script } of stages.flat()) expect(scripts, script).toHaveProperty(script);
    expect(scripts.test).toBe("node scripts/test-setup/run-tests.mjs");
  });

  it("writes times as minutes:seconds and finds a last line with something on it", () => {
    expect(formatDuration(83_456)).toBe("1:23");
    expect(formatDuration(2_040_000)).toBe("34:00");
    expect(lastLine("a\n  12 passed (3.4m)\n\n")).toBe("  12 passed (3.4m)");
    expect(lastLine("")).toBe("");
    expect(timesTable([{ name: "unit", ms: 61_000, outcome: "passed" }], 61_000)).toBe(
      "npm test, stage times (minutes:seconds):\n  unit    1:01  passed\n  total   1:01",
    );
  });
});
