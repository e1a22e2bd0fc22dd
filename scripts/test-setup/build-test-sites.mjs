// `npm run build:test-sites`: what the end-to-end runs serve, built before they start, in two lanes
// side by side (a site build keeps about one core busy; the machine has two):
//   - the staff-edited copy of content/ (scripts/test-setup/staff-edits.mjs --build-only), the
//     largest: the company's content in every language, with the edits staff make;
//   - the fixture content's site (e2e, playwright.config.ts's BUILD_DIR), the same with an analytics
//     measurement id (analytics-site.mjs, seo.spec.ts), then the studio's bundle (build/studio, which
//     the studio specs' servers serve).
// `npm test` runs it alone (decision 0204): the company's own `npm run build` is not a stage, the
// staff-edited copy is the company's content built, and nothing of the tests reads its build. Run
// alone, it is what the e2e server, seo.spec and the staff-edit check would otherwise build on their way.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { analyticsBuildDir, analyticsMeasurementId } from "./analytics-site.mjs";

const projectDir = resolve(import.meta.dirname, "../..");
const fixtureContent = resolve(projectDir, "fixtures/content");

/** Runs one build; its output kept and written in one piece when it ends, so two lanes' never mix. */
function run(label, command, args, env = process.env) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => (output += `${error.message}\n`));
    child.once("close", (code) => {
      process.stdout.write(output);
      console.log(`${label}: ${code === 0 ? "built" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
      done(code === 0);
    });
  });
}

/** Runs builds one after another, stopping at the first that fails. */
async function lane(builds) {
  for (const build of builds) if (!(await build())) return false;
  return true;
}

const built = await Promise.all([
  lane([() => run("staff-edited site", process.execPath, ["scripts/test-setup/staff-edits.mjs", "--build-only"])]),
  lane([
    // The same folder playwright.config.ts gives the e2e server; its start finds the build up to date.
    () => run("fixture site", "npm", ["run", "build:site"], { ...process.env, CONTENT_DIR: fixtureContent, BUILD_DIR: ".test-builds/fixture" }),
    () =>
      run("analytics site", "npm", ["run", "build:site"], {
        ...process.env,
        CONTENT_DIR: fixtureContent,
        BUILD_DIR: analyticsBuildDir,
        VITE_GA_MEASUREMENT_ID: analyticsMeasurementId,
      }),
    () => run("studio", "npm", ["run", "build:studio"]),
  ]),
]);
if (built.includes(false)) process.exit(1);
