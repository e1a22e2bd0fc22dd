// `npm start`'s server on a free port with temp copies of content/ and the build: the studio e2e
// (e2e/studio.spec.ts) and the publish benchmark (scripts/bench/bench-publish.mjs) edit those copies,
// never the repository's content/ or the build other specs use.
import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "./free-port.mjs";

const projectDir = resolve(import.meta.dirname, "../..");

/**
 * `npm start`'s server (build/node/index.mjs) on its own free port, serving a temp copy of the
 * build and editing a temp copy of content/: the repository's content/ and build stay untouched.
 */
export async function startStudioServer(env = {}) {
  const root = await mkdtemp(join(tmpdir(), "ssl-studio-e2e-"));
  const contentDir = join(root, "content");
  // Empty or blank CONTENT_DIR is unset, as everywhere (app/lib/contracts/environment.server.ts).
  await cp(resolve(projectDir, process.env.CONTENT_DIR?.trim() || "content"), contentDir, { recursive: true });
  // The build under test: BUILD_DIR (the e2e run's build of its content), else build/.
  const builtDir = resolve(projectDir, process.env.BUILD_DIR?.trim() || "build");
  await cp(join(builtDir, "client"), join(root, "build/client"), { recursive: true });
  await cp(join(builtDir, "security"), join(root, "build/security"), { recursive: true });
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [join(builtDir, "node/index.mjs")], {
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
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      // A publish build the server was running ends with it; its last writes may still land.
      await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
