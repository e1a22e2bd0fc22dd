// The staff desk's e2e server (e2e/staff-desk.spec.ts): `npm start`'s server (build/node/index.mjs)
// on the embedded database (PGlite in a temporary DATA_DIR), on a free port (free-port.mjs),
// listening on loopback only, reading the company's mailbox (IMAP_URL) of a Dovecot of its own
// (test-dovecot.mjs), which the spec delivers buyers' answers into. The desk end to end on
// PostgreSQL is a unit test, server/desk-on-postgresql.test.ts (decision 0143).
// Before the server opens its database, staff-e2e-seed.ts (run with tsx, as `npm run staff:add`
// is) writes the accounts and leads of staff-e2e-data.ts into it. The server edits its own temporary
// copy of content/ (a studio save lands there) and never publishes (PUBLISH=0: a save starts no
// build, so the repository's build is served as it is and never written).
//
// CLI, run by Playwright as a webServer (playwright.config.ts): starts it, prints one line
//   staff e2e servers: pglite http://localhost:<port> imap://…
// and on SIGTERM or SIGINT stops the server, then Dovecot, and removes their temporary folders.
import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { withFreePorts } from "./free-port.mjs";
import { startTestDovecot } from "./test-dovecot.mjs";

const projectDir = resolve(import.meta.dirname, "../..");
// Empty or blank is unset, as everywhere (app/lib/contracts/environment.server.ts).
const buildDir = resolve(projectDir, process.env.BUILD_DIR?.trim() || "build");
const contentDir = resolve(projectDir, process.env.CONTENT_DIR?.trim() || "content");

/** The retention the servers run with (staff-e2e-data.ts's staffE2eRetentionDays; this file is plain Node). */
const retentionDays = "180";

/** A child's output, kept to explain a failure; `prefix` also writes it to this process's stdout (Playwright shows it with DEBUG=pw:webserver). */
function collect(child, prefix) {
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      output += chunk.toString();
      process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `${prefix} `));
    });
  }
  return () => output;
}

/** Runs the seed; rejects with its output when it fails, and at once when `signal` aborts. */
function seed(env, prefix, signal) {
  const child = spawn(process.execPath, ["--import", "tsx", join(projectDir, "scripts/test-setup/staff-e2e-seed.ts")], {
    cwd: projectDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    signal,
  });
  const output = collect(child, prefix);
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("exit", (code, how) => (code === 0 ? done() : fail(new Error(`${prefix} the seed failed (${how ?? `exit code ${code}`}):\n${output()}`))));
  });
}

/**
 * `node build/node/index.mjs` on `port`: resolves once it says it is serving; rejects when it exits
 * first, with code EADDRINUSE when the port was taken meanwhile (withFreePorts then tries another).
 * In its own process group, so a signal to this script's group reaches it once, from `stop` (or
 * from `signal` aborting before it serves).
 */
function startServer(port, env, prefix, signal) {
  signal?.throwIfAborted();
  const child = spawn(process.execPath, [join(buildDir, "node/index.mjs")], {
    cwd: projectDir,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = collect(child, prefix);
  const exited = new Promise((done) => child.once("exit", (code, how) => done(how ?? code)));
  const abandon = () => child.kill("SIGTERM");
  signal?.addEventListener("abort", abandon, { once: true });
  return new Promise((done, fail) => {
    const serving = () => {
      if (!/^Serving .* at http:\/\/localhost:\d+/m.test(output())) return;
      child.stdout.off("data", serving);
      signal?.removeEventListener("abort", abandon);
      done({ child, exited, output });
    };
    child.stdout.on("data", serving);
    void exited.then((how) => {
      const error = new Error(`${prefix} the server on port ${port} stopped (${how}) before serving:\n${output()}`);
      fail(Object.assign(error, { code: /EADDRINUSE/.test(output()) ? "EADDRINUSE" : undefined }));
    });
  });
}

/**
 * The server on PGlite, seeded; `stop()` stops it (and its Dovecot) and removes its folder. When
 * `signal` aborts during the start, what was started is stopped and removed, and the start rejects.
 */
export async function startStaffE2eServer({ signal } = {}) {
  const database = "pglite";
  const prefix = `[staff-${database}]`;
  const root = await mkdtemp(join(tmpdir(), `ssl-staff-e2e-${database}-`));
  let dovecot;
  let server;
  const stop = async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      const killer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
      await server.exited;
      clearTimeout(killer);
    }
    await dovecot?.close();
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    await cp(contentDir, join(root, "content"), { recursive: true });
    // The published tree `npm start` makes (decision 0159): with it the desk has Changes to publish.
    await cp(contentDir, join(root, "published/content"), { recursive: true });
    signal?.throwIfAborted();
    dovecot = await startTestDovecot();
    signal?.throwIfAborted();
    const env = {
      ...process.env,
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      DATA_DIR: join(root, "data"),
      OUTBOX_DIR: join(root, "outbox"),
      CONTENT_DIR: join(root, "content"),
      PUBLISHED_CONTENT_DIR: join(root, "published/content"),
      CLIENT_DIR: join(buildDir, "client"),
      STUDIO_DIR: join(projectDir, "build/studio"), // one studio for every build (it holds no content)
      KEYSTATIC_STORAGE: "local",
      PUBLISH: "0",
      // Relayed to the SMTP sink playwright.config.ts starts (when it does): the e-mail that tells
      // a member of staff they were given a lead is part of the desk.
      SMTP_URL: process.env.E2E_SMTP_PORT ? `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` : "",
      // A sender domain of its own: the main e2e server's e-mails land in the same sink, often about
      // leads with the same reference and id, and the spec tells them apart by it.
      MAIL_FROM: `SSL website <website@${database}.localhost>`,
      MAIL_TO: "info@localhost",
      // The company's mailbox: buyers' answers delivered there come back to their leads (decision 0106).
      IMAP_URL: dovecot.url,
      // Every test posts from this machine (as in playwright.config.ts's main server).
      MAIL_RATE_LIMIT_MAX: "0",
      APPLICATION_RETENTION_DAYS: retentionDays,
      BETTER_AUTH_SECRET: "",
      TRUSTED_PROXIES: "",
      STUDIO_PASSWORD: "",
    };
    await seed(env, prefix, signal);
    server = await withFreePorts(1, ([port]) => startServer(port, env, prefix, signal));
    const origin = `http://localhost:${/^Serving .* at http:\/\/localhost:(\d+)/m.exec(server.output())[1]}`;
    return { database, origin, imapUrl: dovecot.url, output: server.output, exited: server.exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // A signal during the start stops what has started (Playwright's timeout, Ctrl-C) as well as after.
  const abort = new AbortController();
  const starting = Promise.allSettled([startStaffE2eServer({ signal: abort.signal })]);
  let stopping;
  const stopAll = () =>
    (stopping ??= (async () => {
      abort.abort();
      const started = await starting;
      await Promise.all(started.filter((s) => s.status === "fulfilled").map((s) => s.value.stop()));
    })());
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    process.on(signal, () => {
      void stopAll().then(
        () => process.exit(0),
        (error) => {
          console.error(`staff e2e servers: stopping failed: ${error instanceof Error ? error.message : error}`);
          process.exit(1);
        },
      );
    });
  }
  const started = await starting;
  const failed = started.find((s) => s.status === "rejected");
  if (failed && !stopping) {
    await stopAll();
    console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
    process.exit(1);
  }
  if (!stopping) {
    const servers = started.map((s) => s.value);
    // A server that stops by itself fails the tests against it: say why, where Playwright shows it.
    for (const server of servers) {
      void server.exited.then((how) => {
        if (!stopping) console.error(`[staff-${server.database}] the server stopped by itself (${how}):\n${server.output()}`);
      });
    }
    console.log(`staff e2e servers: ${servers.map((s) => `${s.database} ${s.origin} ${s.imapUrl}`).join(", ")}`);
  }
}
