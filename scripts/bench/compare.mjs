// `npm run bench:compare -- <baseline> [current]`: did a change make the pages slower? Two builds
// served at once and measured in turns (run 1 of every route on the baseline and on the current
// build, then run 2, …), so the machine's drift falls on both builds alike: on this machine the same
// build moved by 0.1–0.3 s between two benches forty minutes apart (docs/performance.md), more than
// most changes are worth, so two benches run at different times cannot tell a change from the
// machine (decision 0061). Per route: interactive (scripts/bench/interactive.mjs, the bench's
// DevTools throttle) and Lighthouse's Performance, LCP and TBT, each build's median and the change;
// then each route's first-load JavaScript (first-load-js.mjs). A route of a language the baseline
// does not have (`/de`, `/fr/contact`) is compared with the baseline's page in its default language.
//
//   <baseline>  a git revision (its files built once in <tmp>/bench-baselines/<commit> with this
//               project's node_modules, and kept), or a build folder (client/ and node/)
//   [current]   a build folder, default build (BUILD_DIR); built first unless BENCH_SKIP_BUILD=1
//
// Settings (env): BENCH_RUNS (5), BENCH_ROUTES (comma list; default: the benchmarked routes both
// builds have), BENCH_INTERACTIVE_ONLY=1 (no Lighthouse runs). Prints the tables; writes nothing.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../test-setup/free-port.mjs";
import { auditOnce, benchmarkedRoutes, isNoindex, median, routeHtmlFile, signed, startServer, table, targets, withoutLanguagePrefix } from "./bench.mjs";
import { firstLoadComparison } from "./first-load-js.mjs";
import { inTurns, measureInFreshBrowser, throttleDescription } from "./interactive.mjs";

// Outside the project: Vite compiles no TypeScript under a node_modules folder, and the project's
// own tools should not see a second copy of it.
const baselinesDir = join(tmpdir(), "bench-baselines");

/** A build folder: one with the prerendered site (its client/ folder) and the server bundle (its node/ folder). */
export function isBuildFolder(dir) {
  return existsSync(join(dir, "client", "index.html")) && existsSync(join(dir, "node", "index.mjs"));
}

/** The routes to compare: those asked for (or the benchmarked ones) that both builds prerender. */
export function routesInBoth(routes, buildDirs) {
  return routes.filter((route) => buildDirs.every((dir) => existsSync(routeHtmlFile(route, join(dir, "client")))));
}

/**
 * The routes to compare, each with the baseline's page to compare it with: the same route where
 * both builds prerender it, else, for a language the baseline does not have (`/de/contact` against
 * a site in English only), the baseline's page in its default language (`/contact`): a language's
 * page measured against the English page it translates.
 */
export function routePairs(routes, [baselineDir, currentDir]) {
  const has = (dir, route) => existsSync(routeHtmlFile(route, join(dir, "client")));
  return routes
    .filter((route) => has(currentDir, route))
    .map((route) => ({ route, baseline: has(baselineDir, route) ? route : withoutLanguagePrefix(route) }))
    .filter(({ baseline }) => has(baselineDir, baseline));
}

/**
 * The build of a git revision: its files (git archive: its own code and content) in
 * <tmp>/bench-baselines/<commit>, with this project's node_modules, built there once and kept for
 * the next comparison. The folder stays: its server reads the revision's migrations and
 * PGlite worker from beside its build.
 */
export function buildOfRevision(revision, { cacheDir = baselinesDir } = {}) {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${revision}^{commit}`], { encoding: "utf8" }).trim();
  const project = resolve(cacheDir, commit);
  const buildDir = join(project, "build");
  if (isBuildFolder(buildDir)) return buildDir;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(project)}`);
  symlinkSync(resolve("node_modules"), join(project, "node_modules"));
  console.log(`Building ${revision} (${commit.slice(0, 12)}) in ${project}…`);
  const env = { ...process.env, BUILD_DIR: "", CONTENT_DIR: "" };
  execSync("npm run build:site", { cwd: project, stdio: "inherit", env });
  if (!isBuildFolder(buildDir)) throw new Error(`building ${revision} left no site in ${buildDir}`);
  return buildDir;
}

/** Serves a build folder with its own server bundle on a free port, with throw-away data folders. */
async function serve(buildDir) {
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), "bench-compare-"));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: buildDir,
    CLIENT_DIR: join(buildDir, "client"),
    DATA_DIR: join(scratch, "data"),
    OUTBOX_DIR: join(scratch, "outbox"),
    DATABASE_URL: "",
    PUBLISH: "0",
  };
  const origin = `http://127.0.0.1:${port}`;
  const stopServer = await startServer(process.execPath, [join(buildDir, "node", "index.mjs")], { env, url: `${origin}/` });
  const stop = () => {
    stopServer();
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on("exit", stop);
  return { origin, stop };
}

const seconds = (v) => `${(v / 1000).toFixed(2)} s`;

/** The metrics compared: how a value and a change read, and whether a median meets its target. */
export const comparedMetrics = [
  { key: "interactive", label: "interactive", format: seconds, change: signed(" ms"), target: (v) => v <= targets.interactiveMs },
  { key: "performance", label: "Performance", format: (v) => String(Math.round(v)), change: signed(""), target: (v) => v >= targets.performance },
  { key: "lcp", label: "LCP", format: seconds, change: signed(" ms"), target: (v) => v <= targets.lcpMs },
  { key: "tbt", label: "TBT", format: (v) => `${Math.round(v)} ms`, change: signed(" ms"), target: (v) => v <= targets.tbtMs },
];

/**
 * The order the two builds are loaded in on run `run` (from 1): the baseline first on odd runs, the
 * current build first on even ones, so that neither always follows the other.
 */
export const buildOrder = (run) => (run % 2 ? ["baseline", "current"] : ["current", "baseline"]);

/**
 * One table: a row per route and metric, with both builds' runs and medians, the change of the
 * median (current − baseline), the median of the run-by-run changes (run n of one build against run
 * n of the other, loaded next to each other: the least touched by the machine's drift), and whether
 * each median meets its target. `runsOf(route, build, key)` gives the runs; a metric with no runs
 * for a route (Lighthouse skipped) is left out. `label(route)` names a row (default: the route).
 */
export function comparisonTable(routes, runsOf, label = (route) => route) {
  const rows = [];
  for (const route of routes) {
    for (const metric of comparedMetrics) {
      const [before, after] = [runsOf(route, "baseline", metric.key), runsOf(route, "current", metric.key)];
      if (!before?.length || !after?.length) continue;
      const [b, a] = [median(before), median(after)];
      const runByRun = after.length === before.length ? metric.change(median(after.map((value, i) => value - before[i]))) : "-";
      const met = (v) => (metric.target(v) ? "yes" : "no");
      rows.push([
        label(route),
        metric.label,
        before.map(metric.format).join(", "),
        after.map(metric.format).join(", "),
        metric.format(b),
        metric.format(a),
        metric.change(a - b),
        runByRun,
        `${met(b)} → ${met(a)}`,
      ]);
    }
  }
  return table(["route", "metric", "baseline runs", "current runs", "baseline", "current", "change", "run by run", "target met (baseline → current)"], rows);
}

async function main() {
  const [baselineArg, currentArg = process.env.BUILD_DIR?.trim() || "build"] = process.argv.slice(2);
  if (!baselineArg) throw new Error("usage: npm run bench:compare -- <git revision or build folder> [current build folder]");
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const baselineDir = isBuildFolder(baselineArg) ? resolve(baselineArg) : buildOfRevision(baselineArg);
  if (process.env.BENCH_SKIP_BUILD !== "1" && currentArg === "build") execSync("npm run build:site", { stdio: "inherit" });
  const currentDir = resolve(currentArg);
  if (!isBuildFolder(currentDir)) throw new Error(`${currentDir} is not a build (no client/index.html or node/index.mjs)`);
  const pairs = routePairs(process.env.BENCH_ROUTES?.split(",") ?? benchmarkedRoutes, [baselineDir, currentDir]);
  const routes = pairs.map(({ route }) => route);
  const baselineRoute = new Map(pairs.map(({ route, baseline }) => [route, baseline]));
  const routeLabel = (route) => (baselineRoute.get(route) === route ? route : `${route} (baseline: ${baselineRoute.get(route)})`);
  const builds = { baseline: baselineDir, current: currentDir };
  console.log(`Baseline ${baselineDir}\nCurrent  ${currentDir}\nRoutes   ${routes.map(routeLabel).join(", ")}\n`);

  const servers = {};
  try {
    for (const [name, dir] of Object.entries(builds)) servers[name] = await serve(dir);
    const label = (url) => Object.entries(servers).reduce((text, [name, { origin }]) => text.replace(origin, `${name} `), url);
    const log = (text) => console.log(label(text));
    // Per route and run, both builds one after the other (`buildOrder`): Map route → [{ baseline, current }, …].
    const inPairs = (measure) =>
      inTurns(routes, runs, async (route, run) => {
        const pair = {};
        for (const name of buildOrder(run)) {
          pair[name] = await measure(`${servers[name].origin}${name === "baseline" ? baselineRoute.get(route) : route}`, ` run ${run}/${runs}`);
        }
        return pair;
      });
    const interactive = await inPairs((url, runLabel) => measureInFreshBrowser(url, { log, label: runLabel }));
    const benchmarkIndexes = [];
    let audited = new Map();
    if (process.env.BENCH_INTERACTIVE_ONLY !== "1") {
      const noindexUrls = new Set();
      for (const route of routes) {
        for (const [name, dir] of Object.entries(builds)) {
          const page = name === "baseline" ? baselineRoute.get(route) : route;
          if (await isNoindex(page, join(dir, "client"))) noindexUrls.add(`${servers[name].origin}${page}`);
        }
      }
      // A broken trace is run again, up to `runs` times per page, as in npm run bench.
      const retries = new Map();
      audited = await inPairs(async (url, runLabel) => {
        if (!retries.has(url)) retries.set(url, { left: runs });
        const audit = await auditOnce(url, { noindex: noindexUrls.has(url), retries: retries.get(url), log, label: runLabel });
        benchmarkIndexes.push(audit.benchmarkIndex);
        return audit.summary;
      });
    }
    const runsOf = (route, name, key) =>
      key === "interactive" ? interactive.get(route).map((pair) => pair[name].interactive) : audited.get(route)?.map((pair) => pair[name][key]);
    const index = benchmarkIndexes.length
      ? `, benchmarkIndex ${Math.round(median(benchmarkIndexes))} (runs ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))})`
      : "";
    console.log(`\n### Baseline against current, ${runs} runs each, the routes taking turns and the two builds loaded one after the other${index}\n`);
    console.log(`Interactive: ${throttleDescription}. Lighthouse: mobile preset, simulated throttling.\n`);
    console.log(comparisonTable(routes, runsOf, routeLabel));
    console.log(
      `\n### First-load JavaScript, baseline → current\n\n${await firstLoadComparison(baselineDir, currentDir, routes, (route) => baselineRoute.get(route), routeLabel)}`,
    );
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
