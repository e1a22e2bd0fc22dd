import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { prerenderPaths } from "../app/lib/prerender-paths";
import { freePort } from "../scripts/test-setup/free-port.mjs";
import { siteContent } from "./content";
import { publishAfter } from "./studio-helpers";

// Decision 0069: a second `npm start` on the same checkout (a restart, or a second instance with its
// own PORT) after a studio save must not take the running server's site, releases or studio away.
// Real `npm start` (scripts/start.mjs) on copies of its own: the content under test, its build and
// the studio, and one folder per server for its database. The build's server finds the project
// by its place (from BUILD_DIR/node), so the copy lies where the build under test does, in
// .test-builds/ (git-ignored). No start here needs to build (the copies are up to date); the one
// build is the publish of the save.

const projectDir = resolve(import.meta.dirname, "..");
// Every prerendered page (the Oops page answers 404 by design).
const pages = prerenderPaths(siteContent).filter((path) => !path.endsWith("/404"));

test.describe.configure({ mode: "serial", timeout: 420_000 });

let buildDir: string;
let root: string;
const servers: Server[] = [];

type Server = { name: string; origin: string; log: () => string; stop: () => Promise<void> };

/** `npm start` on the temp checkout, on a free port with its own database; resolves once it answers. */
async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [join(projectDir, "scripts/start.mjs")], {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      CONTENT_DIR: join(root, "content"),
      BUILD_DIR: buildDir,
      // What deploy/README.md runs: no CLIENT_DIR or RELEASES_DIR of its own, the studio in the
      // build folder (as build/studio by default).
      CLIENT_DIR: "",
      RELEASES_DIR: "",
      STUDIO_DIR: join(buildDir, "studio"),
      DATA_DIR: join(root, `data-${name}`),
      DATABASE_URL: "",
      OUTBOX_DIR: join(root, `outbox-${name}`),
      SMTP_URL: "",
      PUBLISH_DEBOUNCE_MS: "300",
      STUDIO_PASSWORD: "",
      TRUSTED_PROXIES: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: stopping it stops a build it runs too.
    detached: true,
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited: ${output}`);
        return fetch(`${origin}/`).then(
          (r) => r.status,
          () => 0,
        );
      },
      // An old start rebuilt the site first (a minute or two); this one serves at once.
      { timeout: 240_000, message: `${name} answers on ${origin}` },
    )
    .toBe(200);
  const server: Server = {
    name,
    origin,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
  servers.push(server);
  return server;
}

/** Every prerendered page that does not answer 200 on `server`. */
async function pagesNotServed(server: Server) {
  const failing: string[] = [];
  for (const path of pages) {
    const status = await fetch(`${server.origin}${path}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) failing.push(`${path} ${status}`);
  }
  return failing;
}

const studioStatus = (server: Server) => fetch(`${server.origin}/keystatic`).then((r) => r.status);
const home = (server: Server) => fetch(`${server.origin}/`).then((r) => r.text());

const savedName = "Fixture Sourcing Restarted Ltd.";

test.beforeAll(async () => {
  // Copies of a build and the studio: more than a hook's 30 s beside another publishing spec's build.
  test.setTimeout(120_000);
  const builtDir = resolve(projectDir, process.env.BUILD_DIR?.trim() || "build");
  const name = `restart-${randomBytes(4).toString("hex")}`;
  buildDir = join(projectDir, ".test-builds", name);
  root = join(projectDir, ".test-builds", `${name}-checkout`);
  expect(resolve(buildDir, "..")).toBe(resolve(builtDir, ".."));
  await mkdir(root, { recursive: true });
  // Content first, then the build: the build is newer than its sources, as after `npm run build`.
  await cp(resolve(projectDir, process.env.CONTENT_DIR?.trim() || "content"), join(root, "content"), { recursive: true });
  await cp(builtDir, buildDir, { recursive: true, filter: (source) => !/[/\\](releases|\.start-lock[^/\\]*)$/.test(source) });
  await cp(join(projectDir, "build/studio"), join(buildDir, "studio"), { recursive: true });
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of [root, buildDir]) await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const server of servers) await testInfo.attach(`${server.name} output`, { body: server.log() });
  }
});

test("a second npm start after a studio save leaves the first server's site and studio working, and serves the save too", async () => {
  const first = await startServer("first");
  expect(await studioStatus(first)).toBe(200);

  // A save in the studio (the request its Save button sends), then its publish.
  const sitePath = join(root, "content/site.yaml");
  const saved = (await readFile(sitePath, "utf8")).replace(/^name: .*$/m, `name: ${savedName}`);
  const since = Date.now();
  const save = await fetch(`${first.origin}/api/keystatic/update`, {
    method: "POST",
    headers: { "content-type": "application/json", "no-cors": "1" },
    body: JSON.stringify({ additions: [{ path: "content/site.yaml", contents: Buffer.from(saved).toString("base64url") }], deletions: [] }),
  });
  expect(save.status).toBe(200);
  // `npm start` keeps a published tree: the save is a draft until published (decision 0159), as the
  // studio's Publish does it (before the first account, this machine publishes).
  const publish = await fetch(`${first.origin}/keystatic/publish`, {
    method: "POST",
    headers: { origin: first.origin },
    body: new URLSearchParams({ all: "1" }),
  });
  expect(await publish.json()).toMatchObject({ outcome: "published" });
  await expect.poll(() => publishAfter(first.origin, since), { timeout: 180_000, message: "the save is published" }).toBeTruthy();
  expect(first.log()).toMatch(/publish: \S+ is live/);
  expect(await home(first)).toContain(savedName);

  const second = await startServer("second");
  expect(await home(second)).toContain(savedName);
  expect(await pagesNotServed(first)).toEqual([]);
  expect(await pagesNotServed(second)).toEqual([]);
  expect(await studioStatus(first)).toBe(200);
  expect(await studioStatus(second)).toBe(200);
});

test("a restart after a studio save serves the save and the studio, and the other instance keeps serving", async () => {
  const [first, second] = servers;
  await first!.stop();
  const restarted = await startServer("restarted");
  expect(await studioStatus(restarted)).toBe(200);
  expect(await home(restarted)).toContain(savedName);
  expect(await pagesNotServed(restarted)).toEqual([]);
  expect(await pagesNotServed(second!)).toEqual([]);
  expect(await studioStatus(second!)).toBe(200);
});
