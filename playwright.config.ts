import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromiumPath } from "./scripts/test-setup/chromium-flags.mjs";
import { e2eServerPort } from "./scripts/test-setup/free-port.mjs";
import { contentTag } from "./e2e/content-tag";

// E2E runs against the production server (`npm start`) in Debian's Chromium (its headless shell), on PORT when it is set
// (an already running server there is reused outside CI), otherwise on a port found free when the
// run starts, the same in every worker (scripts/test-setup/free-port.mjs).
const port = e2eServerPort();

// The site under test is built from fixtures/content (fixtures/README.md), into a build folder of
// its own so `npm start` never serves it by mistake; the staff-edit check
// (scripts/test-setup/staff-edits.mjs) points both at its edited copy of content/ instead. Set here,
// before anything reads them: the server, e2e/content.ts and every worker inherit them.
process.env.CONTENT_DIR ||= fileURLToPath(new URL("./fixtures/content", import.meta.url));
process.env.BUILD_DIR ||= ".test-builds/fixture";
process.env.CLIENT_DIR ||= join(process.env.BUILD_DIR, "client");

// The server under test keeps its leads in a fresh embedded database and relays them to an SMTP
// sink on loopback, which writes each message it accepts into E2E_MAIL_DIR (e2e/mail-helpers.ts
// reads them: what the company receives). Chosen once; Playwright's workers inherit the values.
process.env.E2E_SMTP_PORT ||= String(e2eServerPort({ PORT: undefined, E2E_PORT: undefined }));
process.env.E2E_MAIL_DIR ||= mkdtempSync(join(tmpdir(), "ssl-e2e-mail-"));
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), "ssl-e2e-data-"));

const desktopChrome = { ...devices["Desktop Chrome"], channel: undefined };
// Specs that publish: the studio's, and drafts and publishing (decision 0159).
const publishingSpecs = /(studio.*|drafts-publish)\.spec\.ts$/;
const staffDeskSpec = /staff-desk\.spec\.ts$/;

// The staff desk's e2e runs on one more `npm start` server, on PGlite, seeded with staff accounts and
// leads (scripts/test-setup/staff-e2e-servers.mjs). It takes a port found free when it starts and
// prints it; Playwright puts it in E2E_STAFF_PGLITE_PORT, which the workers, started afterwards,
// inherit. The desk end to end on PostgreSQL is server/desk-on-postgresql.test.ts (decision 0143).
const staffServer = (port: string | undefined) => (port ? `http://localhost:${port}` : undefined);

/** The names given with --project (`--project=a`, `--project a b`); none: every project runs. */
function namedProjects(argv: readonly string[]): string[] {
  const names: string[] = [];
  let taking = false;
  for (const arg of argv) {
    if (arg.startsWith("--project=")) names.push(arg.slice("--project=".length));
    else if (arg === "--project") taking = true;
    else if (arg.startsWith("-")) taking = false;
    else if (taking) names.push(arg);
  }
  return names;
}
/** The pattern given with --grep or -g (`--grep=a`, `--grep a`), if any. */
function grepOf(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((arg) => arg === "--grep" || arg === "-g" || arg.startsWith("--grep="));
  if (at < 0) return undefined;
  return argv[at]!.startsWith("--grep=") ? argv[at]!.slice("--grep=".length) : argv[at + 1];
}
// Only a run that may include the staff project starts its server: not `--project=desktop`
// alone, nor the staff-edit check's `--grep @content` (decision 0140) while no staff desk test
// carries the tag.
const projectsNamed = namedProjects(process.argv);
const contentTestsOnly = grepOf(process.argv) === contentTag;
const staffDeskTagged = () => readFileSync(fileURLToPath(new URL("./e2e/staff-desk.spec.ts", import.meta.url)), "utf8").includes(`"${contentTag}"`);
const runsStaffDesk =
  (projectsNamed.length === 0 || projectsNamed.some((name) => name !== "desktop" && name !== "publishing")) && (!contentTestsOnly || staffDeskTagged());

export default defineConfig({
  testDir: "e2e",
  // The command line's --grep leaves a dependency project whole: `publishing` would run all of
  // `desktop` first. The same filter in the config applies to every project.
  ...(contentTestsOnly ? { grep: new RegExp(contentTag) } : {}),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test fails the run, in CI too, and gets fixed instead of retried into green.
  retries: 0,
  // Ceilings that stop a hang, not measures (decision 0196): on two cores shared by two browsers,
  // their servers and a site build, one click or a page's hydration took seconds, and Playwright's
  // defaults (30 s a test, 5 s an assertion) failed a test that was passing. Times are the benches'.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // TEST_TIMES_DIR set: each test's time as JSON too, one file per pass (where the time goes).
  reporter: [
    [process.env.CI ? "line" : "list"],
    ...(process.env.TEST_TIMES_DIR
      ? [["json", { outputFile: join(process.env.TEST_TIMES_DIR, contentTestsOnly ? "staff-edits.json" : "e2e.json") }] as const]
      : []),
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    // The staff desk's spec beside the desktop project (no dependency: they share its two workers),
    // one worker: each person signs in once (the spec keeps their sessions per worker). Declared
    // first, so its tests start with the run on one worker while the other takes desktop's: declared
    // after, they waited for desktop's last test and ran alone, one core idle.
    { name: "staff-pglite", use: { ...desktopChrome, baseURL: staffServer(process.env.E2E_STAFF_PGLITE_PORT) }, testMatch: staffDeskSpec, workers: 1 },
    { name: "desktop", use: desktopChrome, testIgnore: [publishingSpecs, staffDeskSpec] },
    // The publishing specs run after the others, each file in order against its own server and
    // temporary copies, two files side by side: a publish is a site build that keeps about one core
    // busy, and the browser waits meanwhile. Their waits are ceilings; a publish's time (the 60 s target of
    // decision 0122) is measured alone, by `npm run bench:publish`.
    { name: "publishing", use: desktopChrome, testMatch: publishingSpecs, dependencies: ["desktop"], fullyParallel: false, workers: 2 },
  ],
  webServer: [
    {
      command: "node scripts/test-setup/smtp-sink.mjs",
      port: Number(process.env.E2E_SMTP_PORT),
      env: { SMTP_SINK_PORT: process.env.E2E_SMTP_PORT, SMTP_SINK_DIR: process.env.E2E_MAIL_DIR },
      reuseExistingServer: false,
    },
    {
      command: "node scripts/start.mjs",
      url: `http://localhost:${port}/`,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: "SSL website <website@localhost>",
        MAIL_TO: "info@localhost",
        // Every spec posts from this one machine: a per-client limit of 10 in 10 minutes would make
        // the run's later form tests fail by their order. The limit is tested on npm start's real
        // server in server/npm-start.test.ts.
        MAIL_RATE_LIMIT_MAX: "0",
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    ...(runsStaffDesk
      ? [
          {
            command: "node scripts/test-setup/staff-e2e-servers.mjs",
            wait: {
              stdout: /staff e2e servers: pglite http:\/\/localhost:(?<e2e_staff_pglite_port>\d+) (?<e2e_staff_pglite_imap_url>imap:\S+)/,
            },
            // SIGTERM lets it stop the server and its Dovecot and remove their temporary folders.
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 30_000 },
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
  ],
});
