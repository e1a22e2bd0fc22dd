// `npm test`: every check, in stages, each stage's time printed as it ends and all of them in a
// table at the end (decision 0080). Stages in one group run side by side (the machine has two cores:
// only things that leave one idle, measured); the end-to-end runs go alone, because their browsers
// and site builds (a studio save is published by a full build) each need the whole machine.
//
//   node scripts/test-setup/run-tests.mjs            every stage (npm test)
//   node scripts/test-setup/run-tests.mjs lint unit  only the named stages, in the same order
//
// The last line printed is the test runner's summary (Playwright's "N passed (Xm)" of the last
// end-to-end run), repeated after the table, so `.ci/run`'s last line stays what it was.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const projectDir = resolve(import.meta.dirname, "../..");

/**
 * The stages of `npm test`, in order; an inner array is a group whose stages run at the same time.
 * Each is an npm script of package.json (README, Scripts), so a stage can be run by hand alone.
 */
export const stages = [
  [
    { name: "typecheck", script: "typecheck" },
    { name: "lint", script: "lint" },
  ],
  { name: "unit", script: "test:unit" },
  // The sites the end-to-end runs serve and the studio's bundle, two builds at a time inside
  // (build-test-sites.mjs); the company's own `npm run build` is not a stage (decision 0204).
  { name: "test-builds", script: "build:test-sites" },
  { name: "e2e", script: "test:e2e", summary: true },
  { name: "staff-edits", script: "test:staff-edits", args: ["--prebuilt"], summary: true },
];

/** 83_456 ms → "1:23" (minutes:seconds), the form the table and the stage lines use. */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The last line of `text` with something on it, without its line ending; "" when there is none. */
export function lastLine(text) {
  return (
    text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .at(-1) ?? ""
  );
}

/** The stages to run: every one, or those named (in the order of `stages`); throws on an unknown name. */
export function selectStages(names, all = stages) {
  const known = all.flatMap((step) => (Array.isArray(step) ? step : [step]).map((stage) => stage.name));
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`unknown stage ${unknown.join(", ")}; the stages are ${known.join(", ")}`);
  if (names.length === 0) return all;
  return all
    .map((step) => (Array.isArray(step) ? step.filter((stage) => names.includes(stage.name)) : names.includes(step.name) ? step : []))
    .filter((step) => !Array.isArray(step) || step.length > 0)
    .map((step) => (Array.isArray(step) && step.length === 1 ? step[0] : step));
}

/** The table printed at the end: one row per stage that ran (those run side by side marked), then the total. */
export function timesTable(results, totalMs) {
  const rows = results.map((r) => [
    r.name,
    formatDuration(r.ms),
    r.outcome === "passed" ? (r.together ? `passed, beside ${r.together}` : "passed") : r.outcome,
  ]);
  rows.push(["total", formatDuration(totalMs), ""]);
  const width = Math.max(...rows.map(([name]) => name.length));
  return [
    "npm test, stage times (minutes:seconds):",
    ...rows.map(([name, time, note]) => `  ${name.padEnd(width)}  ${time.padStart(5)}  ${note}`.trimEnd()),
  ].join("\n");
}

/** How a stage is started: its npm script, or (in this script's tests) a command of its own. */
const commandOf = (stage) => stage.command ?? ["npm", "run", "--silent", stage.script, ...(stage.args ? ["--", ...stage.args] : [])];

/**
 * Runs one stage. Alone, its output goes straight through as it comes; beside others, it is kept
 * and written in one piece when the stage ends, so the output of two stages never mixes.
 */
function runStage(stage, { alone, out, running }) {
  const started = Date.now();
  const [command, ...args] = commandOf(stage);
  const child = spawn(command, args, { cwd: projectDir, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let kept = "";
  let tail = "";
  child.stdout.on("data", (chunk) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4096);
    if (alone) out.stdout(text);
    else kept += text;
  });
  child.stderr.on("data", (chunk) => {
    if (alone) out.stderr(chunk.toString());
    else kept += chunk.toString();
  });
  return new Promise((done) => {
    child.once("error", (error) => {
      kept += `${error.message}\n`;
    });
    child.once("close", (code, signal) => {
      running.delete(child);
      const ms = Date.now() - started;
      if (!alone) out.stdout(kept);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit code ${code}`})`;
      out.stdout(`■ ${stage.name}: ${outcome} in ${formatDuration(ms)}\n`);
      done({ name: stage.name, ms, outcome, summary: stage.summary ? lastLine(tail) : undefined });
    });
  });
}

/**
 * Runs `plan` (stages as in `stages`) step by step, stopping after a step in which a stage failed;
 * writes each stage's output and time, then the table, then the last end-to-end summary. Resolves
 * to whether every stage passed. `running` holds the stages' processes while they run.
 */
export async function runStages(plan, { out = processOutput, running = new Set() } = {}) {
  const started = Date.now();
  const results = [];
  for (const step of plan) {
    const group = Array.isArray(step) ? step : [step];
    out.stdout(`▶ ${group.map((stage) => stage.name).join(" and ")}${group.length > 1 ? ", side by side" : ""}\n`);
    const ended = await Promise.all(group.map((stage) => runStage(stage, { alone: group.length === 1, out, running })));
    for (const result of ended) {
      const others = ended.filter((other) => other !== result).map((other) => other.name);
      results.push({ ...result, together: others.join(", ") || undefined });
    }
    if (ended.some((result) => result.outcome !== "passed")) break;
  }
  const failed = results.find((result) => result.outcome !== "passed");
  out.stdout(`\n${timesTable(results, Date.now() - started)}\n`);
  if (failed) out.stdout(`npm test failed: ${failed.name} ${failed.outcome}\n`);
  // The runner's summary last (.ci/run promises it): Playwright's last, when an end-to-end run ended.
  const summary = results.findLast((result) => result.summary)?.summary;
  if (summary) out.stdout(`${summary}\n`);
  return !failed;
}

const processOutput = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

async function main() {
  const running = new Set();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      for (const child of running) child.kill(signal);
    });
  }
  const passed = await runStages(selectStages(process.argv.slice(2)), { running });
  process.exitCode = passed ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
