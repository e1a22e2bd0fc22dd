import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { contentPlugin } from "./app/content/reader/vite-plugin";
import { SlowestFirstSequencer } from "./test-support/slowest-first";

// Tests of behaviour run on fixture content (fixtures/content), never on the company's content/,
// which staff change at any time in the studio: a valid edit there must not turn the suite red.
const fixtureContentDir = fileURLToPath(new URL("./fixtures/content", import.meta.url));

// What reads CONTENT_DIR (the reader, the build steps, the server's studio) reads the fixture too.
const fixtureEnv = { CONTENT_DIR: fixtureContentDir };

// What a test checks is behaviour, not speed (benches time things): the limits only stop a test
// that hangs. Two workers share the cores with the servers they start, so a step that takes 1 s
// alone may take several; 5 s (Vitest's default) would turn that into a failure. Set in each project:
// an inline project does not inherit the root's test options (Vitest 4).
const limits = { testTimeout: 20_000, hookTimeout: 60_000 };

// The two Node projects' settings: only the isolation differs.
const nodeTest = { ...limits, environment: "node" as const, restoreMocks: true, env: fixtureEnv };

const shared = {
  plugins: [contentPlugin({ root: fixtureContentDir })],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};

// Unit tests run without the React Router plugin: they import modules directly.
// Browser code runs in happy-dom; the server, build scripts and content reader in plain Node.
// contentPlugin serves the fixture content as the `virtual:content/<name>` modules the app imports.
export default defineConfig({
  test: {
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where most
    // of a file's time is spent waiting on PostgreSQL, PGlite's disk or a spawned server. Two
    // workers keep both cores busy (each test file has its own database: test-support/databases.ts).
    maxWorkers: 2,
    // The files that take a minute or more start first, also on a fresh clone without timings.
    sequence: { sequencer: SlowestFirstSequencer },
    // TEST_TIMES_DIR set: each file's and test's time as JSON too (where the time goes).
    ...(process.env.TEST_TIMES_DIR ? { reporters: ["default", "json"], outputFile: { json: join(process.env.TEST_TIMES_DIR, "unit.json") } } : {}),
    projects: [
      {
        ...shared,
        test: {
          name: "app",
          ...limits,
          environment: "happy-dom",
          // The files of a worker share its modules (React, Testing Library, the content) instead of
          // importing them anew for each of 70 files: the app's tests take a third of the time.
          // vitest.setup.ts resets what a test leaves in the page's globals (decision 0145).
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/content/reader/**"],
          setupFiles: ["./vitest.setup.ts"],
          restoreMocks: true,
          env: fixtureEnv,
        },
      },
      {
        ...shared,
        test: {
          name: "node",
          ...nodeTest,
          include: ["server/**/*.test.ts"],
          // A real PostgreSQL server for the storage tests (they run against it and against PGlite).
          globalSetup: ["./test-support/global-setup.ts"],
        },
      },
      {
        ...shared,
        test: {
          name: "node-shared",
          ...nodeTest,
          // The Node files but the server's, each worker's modules shared among them (decision
          // 0201): the build steps', the content reader's (it runs at build time, in Node), the
          // studio's and the test helpers'. A test file in these folders leaves the process as it
          // found it for the next file: it opens no database (this project starts no PostgreSQL),
          // changes the environment only with vi.stubEnv and globals only with vi.stubGlobal (both
          // undone after each test), puts real timers back, and needs no module in a fresh state.
          // The server's files stay isolated: they start servers and databases, fake timers and
          // change PATH.
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
          include: ["scripts/**/*.test.{ts,mjs}", "test-support/**/*.test.ts", "studio/**/*.test.ts", "app/content/reader/**/*.test.ts"],
        },
      },
    ],
  },
});
