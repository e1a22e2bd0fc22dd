// The server as `npm start` runs it: server/index.ts bundled as the build bundles it, configured
// only by its environment (every variable as .env.example documents it), asked over real sockets.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { localMailIds } from "../app/lib/contracts/form-endpoint";
import { openLeadsDatabase, rows } from "./db/db";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { writeSecurityConfig } from "../scripts/build/steps/security-config.mjs";
import { bundleServer } from "../scripts/build/steps/server-bundle.mjs";
import { startServerProcess } from "../test-support/server-process";

const projectDir = resolve(import.meta.dirname, "..");
let bundle: string;
let bundleDir: string;
let root: string;
/** An embedded database as a server's first start leaves it: made once, copied for each server. */
let migratedDataDir: string;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  // Inside the project (tmp/ is ignored by git): the bundle's packages resolve from its node_modules.
  bundleDir = join(projectDir, "tmp", `npm-start-test-${randomBytes(4).toString("hex")}`);
  bundle = join(bundleDir, "index.mjs");
  root = await mkdtemp(join(tmpdir(), "ssl-npm-start-"));
  migratedDataDir = join(root, "data-migrated");
  // A new PGlite folder costs seconds of CPU (initdb, every migration): once here, as a server
  // would make it (the same migrations), not once per server. One test below starts on an empty folder.
  const makeDatabase = async () => (await openLeadsDatabase({ dataDir: migratedDataDir })).close();
  await Promise.all([bundleServer(bundle), makeDatabase()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await rm(bundleDir, { recursive: true, force: true });
  // tmp/ itself only if nothing else uses it.
  await rmdir(join(projectDir, "tmp")).catch(() => {});
  await rm(root, { recursive: true, force: true });
});

/** A one-page build without analytics or EmailJS keys, as the build's security step writes it. */
async function siteBuilt() {
  const buildDir = await mkdtemp(join(root, "build-"));
  await mkdir(join(buildDir, "client"), { recursive: true });
  await writeFile(join(buildDir, "client/index.html"), "<h1>Home</h1>");
  await writeFile(join(buildDir, "client/404.html"), "<h1>Oops!</h1>");
  await mkdir(join(buildDir, "studio"), { recursive: true });
  await writeFile(join(buildDir, "studio/index.html"), "<!doctype html><title>Studio</title><!--studio-settings-->");
  await writeSecurityConfig(buildDir, {});
  return buildDir;
}

/** A data folder of its own holding a migrated, empty embedded database (what a first start makes). */
async function migratedDatabase() {
  const dataDir = await mkdtemp(join(root, "data-"));
  await cp(migratedDataDir, dataDir, { recursive: true });
  return dataDir;
}

/**
 * `npm start`'s server on a free port with exactly this environment (and a site built without keys),
 * on a database of its own (one server per PGlite folder).
 */
async function startServer(env: Record<string, string>) {
  const build = await siteBuilt();
  const contentDir = join(await mkdtemp(join(root, "project-")), "content");
  await mkdir(contentDir);
  return withFreePorts(1, async ([port]) => {
    const server = await startServerProcess({
      script: bundle,
      cwd: projectDir,
      origin: `http://127.0.0.1:${port}`,
      env: {
        PATH: process.env.PATH,
        HOST: "127.0.0.1",
        PORT: String(port),
        CLIENT_DIR: join(build, "client"),
        STUDIO_DIR: join(build, "studio"),
        CONTENT_DIR: contentDir,
        OUTBOX_DIR: join(root, "outbox"),
        DATA_DIR: await migratedDatabase(),
        PUBLISH: "0",
        ...env,
      },
    });
    stops.push(server.stop);
    return server;
  });
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A form submission to the JSON endpoint (an empty one: the rate limit counts it before it is read). */
const sendMail = (server: Server, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/v1.0/email/send`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" }).then(
    (r) => r.status,
  );

/** A native form post (no JavaScript); the answer is a 303 to the page saying how it went. */
const postForm = (server: Server, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/v1.0/email/form/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "name=",
    redirect: "manual",
  }).then((r) => r.headers.get("location") ?? String(r.status));

describe("npm start: who the rate limit counts", () => {
  it("limits a client that reaches Node directly, however it rotates X-Forwarded-For", async () => {
    // The test's socket is loopback; here the only trusted proxy is elsewhere, so this client is direct.
    const server = await startServer({ TRUST_PROXY: "1", TRUSTED_PROXIES: "192.0.2.10", MAIL_RATE_LIMIT_MAX: "3" });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await sendMail(server, { "x-forwarded-for": `198.51.100.${i}` }));
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(await postForm(server, { "x-forwarded-for": "198.51.100.99" })).toBe("/contact/not-sent/too-many");
    await server.stop();
  }, 30_000);

  it("gives each client behind nginx on this machine its own budget, with no setting at all", async () => {
    const server = await startServer({ MAIL_RATE_LIMIT_MAX: "2" });
    const from = (client: string) => ({ "x-forwarded-for": client });
    expect([await sendMail(server, from("203.0.113.1")), await sendMail(server, from("203.0.113.1")), await sendMail(server, from("203.0.113.1"))]).toEqual([
      400, 400, 429,
    ]);
    // Someone else is not blocked by the first visitor, by either kind of post.
    expect(await sendMail(server, from("203.0.113.2"))).toBe(400);
    expect(await postForm(server, from("203.0.113.3"))).not.toBe("/contact/not-sent/too-many");
    await server.stop();
  }, 30_000);
});

describe("npm start: staff accounts replace the studio password", () => {
  it("says at start that STUDIO_PASSWORD is retired, no longer opens the studio with it, and serves the staff sign-in", async () => {
    // On an empty data folder: the first start makes its database.
    const server = await startServer({ STUDIO_PASSWORD: "correct horse battery staple", DATA_DIR: await mkdtemp(join(root, "data-")) });
    const basic = { authorization: `Basic ${Buffer.from("editor:correct horse battery staple").toString("base64")}`, "x-forwarded-for": "198.51.100.4" };
    const studio = await fetch(`${server.origin}/keystatic`, { headers: basic, redirect: "manual" });
    expect(studio.status).toBe(403);
    expect(await studio.text()).toContain("npm run staff:add");
    const signIn = await fetch(`${server.origin}/staff/sign-in`);
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("No staff account yet");
    expect(signIn.headers.get("content-security-policy")).toContain("script-src 'none'");
    await server.stop();
    expect(server.log()).toContain("STUDIO_PASSWORD is no longer read");
    expect(server.log()).toContain("/staff (0 accounts)");
  }, 30_000);
});

describe("npm start: the preview of the working copy (decision 0159)", () => {
  it("with publishing on, answers on PORT + 1 to nobody without a session, never indexed", async () => {
    const server = await startServer({ PUBLISH: "1" });
    const previewOrigin = `http://127.0.0.1:${Number(new URL(server.origin).port) + 1}`;
    let answer: Response | undefined;
    // It starts listening beside the site, not before it: a few tries.
    for (let tries = 0; !answer && tries < 20; tries++) {
      answer = await fetch(`${previewOrigin}/`).catch(() => new Promise<undefined>((done) => setTimeout(() => done(undefined), 100)));
    }
    expect(answer?.status).toBe(404);
    expect(await answer?.text()).toBe("Not Found");
    expect(answer?.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    await server.stop();
    expect(server.log()).toContain(`Preview of`);
  }, 30_000);

  it("on a port already taken, says so and serves the site without a preview", async () => {
    const server = await withFreePorts(1, async ([taken]) => {
      const blocker = createServer().listen(taken, "127.0.0.1");
      await once(blocker, "listening");
      try {
        const started = await startServer({ PUBLISH: "1", PREVIEW_PORT: String(taken) });
        expect((await fetch(`${started.origin}/`)).status).toBe(200);
        return started;
      } finally {
        blocker.close();
      }
    });
    await server.stop();
    expect(server.log()).toMatch(/preview: cannot listen on port \d+: .*EADDRINUSE.*; no preview/);
  }, 30_000);
});

describe("npm start: mail settings", () => {
  it("stores every form submission with a sender and a recipient when MAIL_FROM and MAIL_TO are unset", async () => {
    const dataDir = await migratedDatabase();
    const server = await startServer({ DATA_DIR: dataDir });
    const res = await fetch(`${server.origin}/api/v1.0/email/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        user_id: localMailIds.publicKey,
        service_id: localMailIds.serviceId,
        template_id: localMailIds.templates.contact,
        template_params: { name: "Ada Buyer", email: "ada@buyer.example", subject: "Knitwear", message: "5,000 sweaters." },
      }),
    });
    expect(res.status).toBe(200);
    // The message as the company receives it, read from the server's database once it has stopped.
    await server.stop();
    const leads = await openLeadsDatabase({ dataDir });
    const [stored] = await rows<{ eml: Uint8Array }>(leads.db, sql`select eml from leads`);
    await leads.close();
    const eml = Buffer.from(stored!.eml).toString("utf8");
    expect(eml).toMatch(/^From: SSL website <website@localhost>$/m);
    expect(eml).toMatch(/^To: info@localhost$/m);
    // The site's own domain, never the visitor's.
    expect(eml).toMatch(/^Message-ID: <[^@\s]+@localhost>$/m);
  }, 30_000);

  it.each([
    ["SMTP_URL without MAIL_TO", { SMTP_URL: "smtp://127.0.0.1:2" }, /^The server cannot start: MAIL_TO: /m],
    ["a TRUSTED_PROXIES entry that is no address", { TRUSTED_PROXIES: "nginx.local" }, /^The server cannot start: TRUSTED_PROXIES: /m],
    ["a PORT that is no port", { PORT: "eighty" }, /^The server cannot start: PORT: "eighty" is not a port/m],
    [
      "NODE_ENV=production and no SITE_URL (the origin of buyers' links)",
      { NODE_ENV: "production" },
      /^The server cannot start: SITE_URL: must be set in production \(NODE_ENV=production\)/m,
    ],
    [
      "a DATABASE_URL that is no PostgreSQL URL",
      { DATABASE_URL: "mysql://user:secret@db.example/leads" },
      /^The server cannot start: DATABASE_URL: must be a URL starting with postgres:\/\//m,
    ],
  ])(
    "with %s, stops at start with one line naming the variable, no stack trace",
    async (_, env, message) => {
      const child = spawn(process.execPath, [bundle], {
        cwd: projectDir,
        env: {
          PATH: process.env.PATH,
          HOST: "127.0.0.1",
          PORT: "0",
          CLIENT_DIR: join(root, "none"),
          DATA_DIR: join(root, "data-refused"),
          PUBLISH: "0",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise<number | null>((done) => child.once("exit", done));
      expect(code).toBe(1);
      expect(output).toMatch(message);
      expect(output).not.toMatch(/TypeError|Error:|\n\s+at /);
    },
    30_000,
  );
});
