import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium-flags.mjs";
import { e2eServerPort } from "./scripts/free-port.mjs";

// E2E runs against the production server (`npm start`) in Debian's Chromium, on PORT when it is set
// (an already running server there is reused outside CI), otherwise on a port found free when the
// run starts, the same in every worker (scripts/free-port.mjs).
const port = e2eServerPort();

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test fails the run, in CI too, and gets fixed instead of retried into green.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/`,
    env: { PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
