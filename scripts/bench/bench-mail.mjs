// `npm run bench:mail`: form submissions against `npm start` on loopback, then proof that every
// accepted one is stored (and relayed) exactly once. A benchmark, not a test: the figures depend on
// the machine. Usage: npm run bench:mail [-- --mode=single|multi|all] [--pg-outage] [--object-storage] [--keep]
//   [--warm-rounds=4] [--baseline=<folder>]
//
// single (embedded PGlite, one instance): pass 1, 500 submissions 50 at a time on a server just
//   started (cold: the throughput to compare with the outbox-folder version), then --warm-rounds more
//   rounds of 500 on the same server (warm: V8 has compiled the hot JavaScript and PGlite's
//   WebAssembly by then); pass 2, 500 with the server killed (SIGKILL) half way and started again:
//   every acknowledged submission must be in PGlite after. --baseline=<folder>: a built checkout of
//   another version (e.g. the outbox build, `git worktree add`, then `npm run build:site` there) gets
//   the same rounds, each right before this version's, and the ratio is printed round by round.
// multi (two instances on one PostgreSQL, an SMTP sink on loopback): 1,000 submissions 100 at a time
//   spread over both, one instance SIGKILLed half way and started again; every accepted submission
//   stored once and relayed once. --pg-outage: PostgreSQL stopped for 30 s half way instead.
//   --object-storage: both instances also share one bucket (s3rver on loopback, OBJECT_STORAGE_*):
//   the resumes and every lead's .eml go there and the relay streams each message from it
//   (decision 0161); the run then counts what is in the bucket and what stayed in the database.
//
// A request that gets no answer (its server was killed) is sent again, as a visitor would press Send
// again: to the other instance, or to the same one once it is back. The repeat carries the same
// content, so the database's duplicate key stores it once even when the first try was committed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { freePorts } from "../test-setup/free-port.mjs";
import { median } from "./bench.mjs";
import { startSmtpSink } from "../test-setup/smtp-sink.mjs";
import { startTestPostgres } from "../test-setup/test-postgres.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const mode = arg("mode", "all");
const keep = process.argv.includes("--keep");
const pgOutage = process.argv.includes("--pg-outage");
const withBucket = process.argv.includes("--object-storage");
const warmRounds = Number(arg("warm-rounds", "4"));
if (!Number.isInteger(warmRounds) || warmRounds < 0) throw new Error(`--warm-rounds: a whole number of rounds, 0 or more (got ${arg("warm-rounds")})`);
const baseline = arg("baseline");
if (baseline && !existsSync(join(baseline, "build/node/index.mjs")))
  throw new Error(`--baseline: ${baseline} has no build/node/index.mjs (npm run build:site there first)`);

// The built-in ids the site and the endpoint share (app/lib/contracts/form-endpoint.ts).
const idsSource = await readFile("app/lib/contracts/form-endpoint.ts", "utf8");
const id = (key) => new RegExp(`${key}: "([^"]+)"`).exec(idsSource)[1];
const ids = { publicKey: id("publicKey"), serviceId: id("serviceId"), contact: id("contact"), career: id("career") };
// Starts like a PDF: the endpoint checks the resume's content, not its declared type (400 otherwise).
const resume = `data:application/pdf;base64,${Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(20 * 1024 - 9, 7)]).toString("base64")}`;
const tokenPattern = (run) => new RegExp(`bench-${run}-\\d{4}`, "g");

function payload(run, i) {
  const token = `bench-${run}-${String(i).padStart(4, "0")}`;
  const career = i % 5 === 0;
  return JSON.stringify({
    lib_version: "4.4.1",
    user_id: ids.publicKey,
    service_id: ids.serviceId,
    template_id: career ? ids.career : ids.contact,
    template_params: career
      ? {
          name: `Bench Applicant ${i}`,
          email: `applicant${i}@example.com`,
          phone: "+880 1700-000000",
          position: "Merchandiser",
          coverLetter: `Cover letter ${token}`,
          attachment: resume,
          attachment_filename: `resume-${i}.pdf`,
        }
      : { name: `Bench Buyer ${i}`, email: `buyer${i}@example.com`, subject: "Load test", message: `Message ${token}` },
  });
}

/** One `npm start` instance; `kill()` is SIGKILL, `start()` starts it again with the same settings. */
function instance(port, env, cwd = process.cwd()) {
  const self = {
    origin: `http://127.0.0.1:${port}`,
    child: undefined,
    start() {
      self.child = spawn(process.execPath, ["scripts/start.mjs"], {
        cwd,
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", MAIL_RATE_LIMIT_MAX: "0", PUBLISH: "0", ...env },
        stdio: ["ignore", "ignore", "inherit"],
      });
      return self.ready();
    },
    async ready() {
      const deadline = Date.now() + 300_000;
      while (Date.now() < deadline) {
        if (self.child.exitCode !== null) throw new Error(`server on ${port} exited with ${self.child.exitCode}`);
        try {
          if ((await fetch(`${self.origin}/`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("server did not start");
    },
    kill: () => self.child.kill("SIGKILL"),
    stop: () =>
      new Promise((resolve) => {
        if (self.child.exitCode !== null || self.child.signalCode !== null) return resolve();
        self.child.once("exit", resolve);
        self.child.kill("SIGTERM");
      }),
  };
  process.on("exit", () => self.child?.kill("SIGKILL"));
  return self;
}

/**
 * Sends `total` submissions, `concurrency` at a time, round-robin over `instances`; `midway` runs
 * once half of them have been sent. Returns timings and which were accepted.
 */
async function load({ run, total, concurrency, instances, midway }) {
  const latencies = [];
  const statuses = new Map();
  const accepted = new Set();
  let next = 0;
  let retries = 0;
  let midwayDone;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        if (i === Math.floor(total / 2) && midway) midwayDone = midway();
        const body = payload(run, i);
        const t0 = performance.now();
        let status = 0;
        for (let attempt = 0; attempt < 200 && status === 0; attempt++) {
          if (attempt > 0) {
            retries++;
            await new Promise((r) => setTimeout(r, 100));
          }
          const target = instances[(i + attempt) % instances.length];
          try {
            const res = await fetch(`${target.origin}/api/v1.0/email/send`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
            status = res.status;
            await res.text();
          } catch {
            status = 0;
          }
        }
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) accepted.add(`bench-${run}-${String(i).padStart(4, "0")}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await midwayDone;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return { seconds, latencies, pct, statuses, accepted, retries };
}

/**
 * CPU time (ms) the server process has used so far, by thread id (the HTTP thread's is the process
 * id). Linux only (/proc); else undefined. Less sensitive to a busy machine than requests/s: it is
 * what the requests cost, not how soon they got a core.
 */
async function threadCpu(pid) {
  try {
    const byThread = new Map();
    for (const tid of await readdir(`/proc/${pid}/task`)) {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .slice(11, 13)
        .map(Number);
      byThread.set(tid, ((utime || 0) + (stime || 0)) * 10); // clock ticks of 10 ms (USER_HZ 100)
    }
    return byThread;
  } catch {
    return undefined;
  }
}

/** CPU ms per request between two readings: in all, on the HTTP thread, the busiest other thread, the rest. */
// The busiest other thread is PGlite's in the embedded server (pglite-thread.ts); the rest are V8's
// (garbage collection, compilation) and libuv's (file system, crypto).
function cpuUsed(pid, before, after, requests) {
  if (!before || !after) return undefined;
  const used = [...after].map(([tid, ms]) => [tid, (ms - (before.get(tid) ?? 0)) / requests]);
  const http = used.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const others = used
    .filter(([tid]) => tid !== String(pid))
    .map(([, ms]) => ms)
    .sort((a, b) => b - a);
  const busiest = others[0] ?? 0;
  const rest = others.slice(1).reduce((sum, ms) => sum + ms, 0);
  return { total: http + busiest + rest, http, busiest, rest };
}

/** "2.10 ms per request (HTTP thread 1.20, busiest other thread 0.70, the rest 0.20)". */
const cpuText = (cpu) =>
  cpu
    ? `${cpu.total.toFixed(2)} ms per request (HTTP thread ${cpu.http.toFixed(2)}, busiest other thread ${cpu.busiest.toFixed(2)}, the rest ${cpu.rest.toFixed(2)})`
    : "n/a (no /proc)";

/** One round of 500 submissions, 50 at a time, on `server`: requests/s and CPU per request. */
async function round(server, run) {
  const before = await threadCpu(server.child.pid);
  const result = await load({ run, total: 500, concurrency: 50, instances: [server] });
  return { run, result, rps: 500 / result.seconds, cpu: cpuUsed(server.child.pid, before, await threadCpu(server.child.pid), 500) };
}

/** Of the `accepted` tokens, how many are missing from the store's `counts`, and how many tokens are stored twice or more. */
function lostAndStoredTwice(accepted, counts) {
  return { lost: [...accepted].filter((t) => !counts.has(t)).length, storedTwice: [...counts.values()].filter((n) => n > 1).length };
}

/** How often each token of this run occurs in `texts`. */
function tokenCounts(run, texts) {
  const counts = new Map();
  for (const text of texts) for (const t of new Set(text.match(tokenPattern(run)) ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

const storedTextsQuery = "select coalesce(fields->>'message', fields->>'coverLetter') as text from leads";

const messageId = (raw) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

/**
 * Prints one run's figures. Stored twice or lost fails the run. Relayed twice is reported apart:
 * a server killed after the SMTP server's 250 and before it recorded the job as sent has the job
 * sent again when its claim expires (SMTP offers no exactly-once; the copy is byte-identical, same
 * Message-ID, which mailboxes collapse).
 */
function report(label, { total, concurrency, result, stored, relayed }) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  const { lost, storedTwice } = lostAndStoredTwice(result.accepted, stored);
  const relayedTwice = relayed ? [...relayed.counts.entries()].filter(([, n]) => n > 1) : [];
  const sameMessageId = relayedTwice.every(([t]) => new Set(relayed.raws.filter((r) => r.includes(t)).map(messageId)).size === 1);
  const relayedAtLeastOnce = relayed ? [...result.accepted].filter((t) => relayed.counts.get(t) >= 1).length : undefined;
  const storedUnanswered = [...stored.keys()].filter((t) => !result.accepted.has(t)).length;
  console.log(`${label}: ${total} submissions (every 5th a career form with a 20KB resume), ${concurrency} at a time`);
  console.log(
    `  answers: ${[...result.statuses].map(([s, n]) => `${n} × ${s === 0 ? "no answer" : s}`).join(", ")}; resent after no answer: ${result.retries}`,
  );
  console.log(
    `  throughput: ${(total / result.seconds).toFixed(1)} requests/s (${result.seconds.toFixed(2)} s); latency p50 ${ms(result.pct(50))}, p95 ${ms(result.pct(95))}, max ${ms(result.latencies.at(-1))}`,
  );
  console.log(
    `  accepted ${result.accepted.size}, stored ${stored.size}${storedUnanswered ? ` (${storedUnanswered} never answered)` : ""}, relayed ${relayed ? relayedAtLeastOnce : "n/a (no SMTP)"}, lost ${lost}, duplicated ${storedTwice + relayedTwice.length} (stored twice ${storedTwice}, relayed twice ${relayedTwice.length}${relayedTwice.length ? `, same Message-ID: ${sameMessageId ? "yes" : "NO"}` : ""})`,
  );
  return { ok: lost === 0 && storedTwice === 0 && (!relayed || relayedAtLeastOnce === result.accepted.size), relayedTwice: relayedTwice.length };
}

async function single() {
  const dataDir = await mkdtemp(join(tmpdir(), "ssl-bench-data-"));
  const outboxDir = await mkdtemp(join(tmpdir(), "ssl-bench-outbox-"));
  const [port] = await freePorts(1);
  const server = instance(port, { DATA_DIR: dataDir, OUTBOX_DIR: outboxDir, SMTP_URL: "" });
  const t0 = performance.now();
  await server.start();
  console.log(`single: embedded PGlite in ${dataDir}; first start (new data folder, build check) ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const base = baseline ? await startBaseline() : undefined;

  // Round 1 is the cold pass; each baseline round runs right before this version's.
  const run1 = `${Date.now().toString(36)}a`;
  const rounds = [];
  for (let r = 1; r <= 1 + warmRounds; r++) {
    const baseRound = base ? await round(base.server, `${run1}-base${r}`) : undefined;
    rounds.push({ base: baseRound, ours: await round(server, r === 1 ? run1 : `${run1}-warm${r}`) });
  }
  if (base) await base.stop();
  const clean = rounds[0].ours.result;
  const run2 = `${Date.now().toString(36)}b`;
  let restartSeconds = 0;
  const crash = await load({
    run: run2,
    total: 500,
    concurrency: 50,
    instances: [server],
    midway: async () => {
      server.kill();
      const r0 = performance.now();
      await new Promise((r) => server.child.once("exit", r));
      await server.start();
      restartSeconds = (performance.now() - r0) / 1000;
    },
  });
  await server.stop();
  const db = await PGlite.create(join(dataDir, "pglite"));
  const texts = (await db.query(storedTextsQuery)).rows.map((r) => r.text);
  await db.close();
  const ok1 = report("single, clean (cold: round 1)", { total: 500, concurrency: 50, result: clean, stored: tokenCounts(run1, texts) }).ok;
  console.log(`  server CPU: ${cpuText(rounds[0].ours.cpu)}`);
  const okWarm = printRounds(rounds, texts);
  const ok2 = report(`single, SIGKILL half way (restart took ${restartSeconds.toFixed(1)} s)`, {
    total: 500,
    concurrency: 50,
    result: crash,
    stored: tokenCounts(run2, texts),
  }).ok;
  if (!keep) await rm(dataDir, { recursive: true, force: true });
  await rm(outboxDir, { recursive: true, force: true });
  return ok1 && okWarm && ok2;
}

/** The --baseline build, on its own port and empty folders, started the same way. */
async function startBaseline() {
  const dir = await mkdtemp(join(tmpdir(), "ssl-bench-baseline-"));
  const [port] = await freePorts(1);
  const server = instance(port, { DATA_DIR: join(dir, "data"), OUTBOX_DIR: join(dir, "outbox"), SMTP_URL: "" }, baseline);
  await server.start();
  console.log(`baseline: ${baseline} on port ${port}`);
  return {
    server,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Round by round: requests/s, CPU per request, what a warm round lost or stored twice, and the
 * ratio to the baseline when there is one. False when a warm round lost or doubled a submission.
 */
function printRounds(rounds, texts) {
  let ok = true;
  const warmRange = rounds.length > 2 ? `rounds 2–${rounds.length}` : "round 2";
  console.log(`  rounds of 500 on the same server (round 1 cold${rounds.length > 1 ? `, ${warmRange} warm` : ""}):`);
  rounds.forEach(({ base, ours }, i) => {
    const cpu = (x) => (x.cpu ? `${x.cpu.total.toFixed(2)} ms CPU per request` : "CPU n/a");
    const against = base ? `; baseline ${base.rps.toFixed(1)} requests/s, ${cpu(base)}: ${((100 * ours.rps) / base.rps).toFixed(0)} %` : "";
    let stored = "";
    if (i > 0) {
      const { lost, storedTwice } = lostAndStoredTwice(ours.result.accepted, tokenCounts(ours.run, texts));
      ok &&= lost === 0 && storedTwice === 0;
      stored = `, ${ours.result.accepted.size} accepted, lost ${lost}, stored twice ${storedTwice}`;
    }
    console.log(`    round ${i + 1}: ${ours.rps.toFixed(1)} requests/s, ${cpu(ours)}${stored}${against}`);
  });
  if (rounds[0].base && rounds.length > 1) {
    const warm = rounds.slice(1).map(({ base, ours }) => (100 * ours.rps) / base.rps);
    console.log(
      `  against the baseline: cold ${((100 * rounds[0].ours.rps) / rounds[0].base.rps).toFixed(0)} %, warm ${median(warm).toFixed(0)} % (median of ${warmRange})`,
    );
  }
  return ok;
}

/** One bucket on loopback (s3rver, its own key pair), and the environment that points the instances at it. */
async function startBucket(port) {
  const { default: S3rver } = await import("s3rver");
  const directory = await mkdtemp(join(tmpdir(), "ssl-bench-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: "bench" }] });
  await server.run();
  return {
    env: {
      OBJECT_STORAGE_ENDPOINT: `http://127.0.0.1:${port}`,
      OBJECT_STORAGE_BUCKET: "bench",
      OBJECT_STORAGE_ACCESS_KEY_ID: "S3RVER",
      OBJECT_STORAGE_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function multi() {
  const postgres = await startTestPostgres();
  // A failed run (a server that does not start) must not leave the cluster running.
  try {
    return await multiOn(postgres);
  } finally {
    await postgres.close();
  }
}

async function multiOn(postgres) {
  const outboxDir = await mkdtemp(join(tmpdir(), "ssl-bench-outbox-"));
  const run = Date.now().toString(36);
  const relayed = [];
  const [smtpPort, s3Port, ...ports] = await freePorts(4);
  const sink = await startSmtpSink({ port: smtpPort, onMessage: (raw) => relayed.push(raw.toString("latin1")) });
  const bucket = withBucket ? await startBucket(s3Port) : undefined;
  const env = {
    ...bucket?.env,
    DATABASE_URL: postgres.url,
    OUTBOX_DIR: outboxDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RELAY_LEASE_SECONDS: "60",
    MAIL_FROM: "SSL website <website@localhost>",
    MAIL_TO: "info@localhost",
  };
  const servers = ports.map((port) => instance(port, env));
  // One after the other: the first start builds the site when the build is stale, the second finds it fresh.
  for (const server of servers) await server.start();
  console.log(
    `multi: two instances on PostgreSQL ${postgres.url}, SMTP sink on 127.0.0.1:${smtpPort}${bucket ? `, one bucket (s3rver) on 127.0.0.1:${s3Port}` : ""}`,
  );

  let event = "";
  const result = await load({
    run,
    total: 1000,
    concurrency: 100,
    instances: servers,
    midway: async () => {
      const e0 = performance.now();
      if (pgOutage) {
        await postgres.stop();
        await new Promise((r) => setTimeout(r, 30_000));
        await postgres.start();
        event = `PostgreSQL stopped for ${((performance.now() - e0) / 1000).toFixed(1)} s half way`;
      } else {
        servers[0].kill();
        await new Promise((r) => servers[0].child.once("exit", r));
        await servers[0].start();
        event = `instance 1 SIGKILLed half way, back after ${((performance.now() - e0) / 1000).toFixed(1)} s`;
      }
    },
  });

  // With PostgreSQL back, the instances store again without a restart.
  const after = pgOutage ? await load({ run: `${run}r`, total: 100, concurrency: 10, instances: servers }) : undefined;

  // Relaying continues after the load; a job the killed instance had claimed waits for its lease.
  const client = new pg.Client(postgres.url);
  await client.connect();
  const relayStart = performance.now();
  let unsent = Infinity;
  while (performance.now() - relayStart < 180_000) {
    unsent = Number((await client.query("select count(*) as n from mail_jobs where sent_at is null")).rows[0].n);
    if (unsent === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const relaySeconds = (performance.now() - relayStart) / 1000;
  const texts = (await client.query(storedTextsQuery)).rows.map((r) => r.text);
  const places = (
    await client.query(`select
      (select count(*) from leads where eml_key is not null) as eml_in_bucket, (select count(*) from leads where eml is not null) as eml_in_database,
      (select count(*) from lead_files where object_key is not null) as files_in_bucket, (select count(*) from lead_files where content is not null) as files_in_database`)
  ).rows[0];
  await client.end();
  await Promise.all(servers.map((s) => s.stop()));
  await sink.close();
  await bucket?.close();
  const main = report(`multi (${event})`, {
    total: 1000,
    concurrency: 100,
    result,
    stored: tokenCounts(run, texts),
    relayed: { counts: tokenCounts(run, relayed), raws: relayed },
  });
  let ok = main.ok;
  relayedTwiceTotal += main.relayedTwice;
  if (after) {
    const back = report("multi, PostgreSQL back (no restart)", {
      total: 100,
      concurrency: 10,
      result: after,
      stored: tokenCounts(`${run}r`, texts),
      relayed: { counts: tokenCounts(`${run}r`, relayed), raws: relayed },
    });
    ok = back.ok && ok;
    relayedTwiceTotal += back.relayedTwice;
  }
  console.log(`  relay queue empty ${relaySeconds.toFixed(1)} s after the last answer (${unsent} unsent)`);
  console.log(
    `  leads' .eml: ${places.eml_in_bucket} in the bucket, ${places.eml_in_database} in the database; their files: ${places.files_in_bucket} in the bucket, ${places.files_in_database} in the database`,
  );
  await rm(outboxDir, { recursive: true, force: true });
  return ok;
}

let relayedTwiceTotal = 0;
let ok = true;
if (mode === "single" || mode === "all") ok = (await single()) && ok;
if (mode === "multi" || mode === "all") ok = (await multi()) && ok;
console.log(
  !ok
    ? "bench:mail: FAILED (a submission lost, stored twice or not relayed)"
    : relayedTwiceTotal === 0
      ? "bench:mail: every accepted submission stored exactly once (and relayed exactly once)"
      : `bench:mail: every accepted submission stored exactly once and relayed; ${relayedTwiceTotal} relayed twice (killed between the SMTP server's 250 and recording it)`,
);
process.exit(ok ? 0 : 1);
