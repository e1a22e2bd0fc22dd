// The fixture site built with a Google Analytics measurement id, for seo.spec.ts's analytics tests
// (the id is read at build time: the default build has none, so loads no analytics code). `npm test`
// builds it beside the other test sites (build-test-sites.mjs, decision 0204); a spec run alone builds
// it on its way when it is missing or older than its sources, as the e2e server does the fixture's.
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { newestMtime, siteCode, siteToServe } from "../start-build.mjs";

const projectDir = resolve(import.meta.dirname, "../..");

/** The id the analytics build carries, and the requests the tests look for carry too. */
export const analyticsMeasurementId = "G-E2ETEST01";
/** Inside the project, as every BUILD_DIR (React Router builds relative to the project). */
export const analyticsBuildDir = resolve(projectDir, ".test-builds/analytics");
const fixtureContentDir = resolve(projectDir, "fixtures/content");

/** Builds the analytics site unless a complete build newer than its sources is there; resolves to its folder. */
export async function analyticsSite({ log = console.log } = {}) {
  const { dir } = await siteToServe({
    buildDir: analyticsBuildDir,
    releasesDir: join(analyticsBuildDir, "releases"),
    pinned: true,
    newestSource: () => Math.max(...[...siteCode.map((path) => resolve(projectDir, path)), fixtureContentDir].map(newestMtime)),
    buildSite: (buildDir) =>
      execFileSync("npm", ["run", "build:site"], {
        cwd: projectDir,
        env: { ...process.env, CONTENT_DIR: fixtureContentDir, BUILD_DIR: buildDir, VITE_GA_MEASUREMENT_ID: analyticsMeasurementId },
        stdio: "inherit",
      }),
    log,
  });
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) await analyticsSite();
