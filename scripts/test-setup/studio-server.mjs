// `npm start`'s server on a free port with temp copies of content/ and the build: the studio e2e
// (e2e/studio.spec.ts) and the publish benchmark (scripts/bench/bench-publish.mjs) edit those copies,
// never the repository's content/ or the build other specs use.
import { execFile, spawn } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { ensurePublishedTree } from "../start-build.mjs";
import { freePort } from "./free-port.mjs";

const projectDir = resolve(import.meta.dirname, "../..");

/**
 * A temp data folder whose embedded database holds the staff desk's e2e accounts
 * (scripts/test-setup/staff-e2e-seed.ts, given `seedArgs`), for a studio server signed in to; the
 * caller removes it.
 */
export async function seededDataDir(seedArgs = []) {
  const dataDir = await mkdtemp(join(tmpdir(), "ssl-studio-data-"));
  await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/test-setup/staff-e2e-seed.ts", ...seedArgs], {
    cwd: projectDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  return dataDir;
}

/**
 * `npm start`'s server (build/node/index.mjs) on its own free port, serving a temp copy of the
 * build and editing a temp copy of content/: the repository's content/ and build stay untouched.
 * With `drafts`, it has the published tree `npm start` makes (a copy of the content, decision 0159),
 * so studio saves are drafts, and its preview on a second free port; with `shiftableClock`, its
 * clock is `shiftClock(ms)` ahead of the real one (shifted-clock.mjs). Without either, saves
 * publish directly, as the studio specs written before drafts expect.
 */
export async function startStudioServer(env = {}, { drafts = false, shiftableClock = false } = {}) {
  const root = await mkdtemp(join(tmpdir(), "ssl-studio-e2e-"));
  const contentDir = join(root, "content");
  // Empty or blank CONTENT_DIR is unset, as everywhere (app/lib/contracts/environment.server.ts).
  await cp(resolve(projectDir, process.env.CONTENT_DIR?.trim() || "content"), contentDir, { recursive: true });
  const publishedDir = join(root, "published/content");
  if (drafts) ensurePublishedTree(contentDir, publishedDir);
  const clockFile = join(root, "clock");
  if (shiftableClock) await writeFile(clockFile, "0");
  // The build under test: BUILD_DIR (the e2e run's build of its content), else build/.
  const builtDir = resolve(projectDir, process.env.BUILD_DIR?.trim() || "build");
  await cp(join(builtDir, "client"), join(root, "build/client"), { recursive: true });
  await cp(join(builtDir, "security"), join(root, "build/security"), { recursive: true });
  const port = await freePort();
  const previewPort = drafts ? await freePort() : undefined;
  let output = "";
  const preload = shiftableClock ? ["--import", join(import.meta.dirname, "shifted-clock.mjs")] : [];
  const child = spawn(process.execPath, [...preload, join(builtDir, "node/index.mjs")], {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "0.0.0.0",
      CLIENT_DIR: join(root, "build/client"),
      RELEASES_DIR: join(root, "build/releases"),
      CONTENT_DIR: contentDir,
      STUDIO_DIR: join(projectDir, "build/studio"),
      OUTBOX_DIR: join(root, "outbox"),
      // Its own leads database with no staff accounts: the studio's local-machine access is what
      // these specs test, whatever accounts a developer's ./data holds.
      DATA_DIR: join(root, "data"),
      DATABASE_URL: "",
      PUBLISH_DEBOUNCE_MS: "500",
      STUDIO_PASSWORD: "",
      TRUSTED_PROXIES: "",
      ...(drafts ? { PUBLISHED_CONTENT_DIR: publishedDir, PREVIEW_PORT: String(previewPort) } : {}),
      ...(shiftableClock ? { E2E_CLOCK_FILE: clockFile } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk.toString()));
  child.stderr.on("data", (chunk) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once("exit", () => done()));
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000; // PGlite alone took 18 s to open beside a build
  for (;;) {
    if (child.exitCode !== null) throw new Error(`studio server exited: ${output}`);
    const up = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`studio server did not answer on ${origin}: ${output}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    origin,
    port,
    contentDir,
    ...(drafts ? { publishedDir, previewOrigin: `http://localhost:${previewPort}` } : {}),
    shiftClock: (ms) => writeFile(clockFile, String(ms)),
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      // A publish build the server was running ends with it; its last writes may still land.
      await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
