// `npm run bench:mail`: 500 form submissions, 50 at a time, against `npm start` on loopback, then
// proof that every accepted one is in the outbox exactly once. Prints requests/s, latency, lost.
// A benchmark, not a test: the figures depend on the machine. Usage: npm run bench:mail [-- --keep]
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../test-setup/free-port.mjs";

const TOTAL = 500;
const CONCURRENCY = 50;
const keep = process.argv.includes("--keep");

// The built-in ids the site and the endpoint share (app/lib/contracts/form-endpoint.ts).
const idsSource = await readFile("app/lib/contracts/form-endpoint.ts", "utf8");
const id = (key) => new RegExp(`${key}: "([^"]+)"`).exec(idsSource)[1];
const ids = { publicKey: id("publicKey"), serviceId: id("serviceId"), contact: id("contact"), career: id("career") };

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const outboxDir = await mkdtemp(join(tmpdir(), "ssl-bench-outbox-"));

const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", OUTBOX_DIR: outboxDir, MAIL_RATE_LIMIT_MAX: "0", SMTP_URL: "" },
  stdio: ["ignore", "inherit", "inherit"],
});
const stopServer = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stopServer);

async function waitForServer() {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // not listening yet (it may be building first)
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

const run = Date.now().toString(36);
const token = (i) => `bench-${run}-${String(i).padStart(4, "0")}`;
const resume = `data:application/pdf;base64,${Buffer.alloc(20 * 1024, 7).toString("base64")}`;

function payload(i) {
  const career = i % 5 === 0;
  return {
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
          coverLetter: `Cover letter ${token(i)}`,
          attachment: resume,
          attachment_filename: `resume-${i}.pdf`,
        }
      : { name: `Bench Buyer ${i}`, email: `buyer${i}@example.com`, subject: "Load test", message: `Message ${token(i)}` },
  };
}

await waitForServer();
console.log(`bench:mail: ${TOTAL} submissions (every 5th a career form with a 20KB resume), ${CONCURRENCY} at a time, to ${origin}`);

const latencies = [];
const statuses = new Map();
const accepted = new Set();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) {
      const i = next++;
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${origin}/api/v1.0/email/send`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(payload(i)),
        });
        status = res.status;
        await res.text();
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) accepted.add(i);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

// Proof: read every stored message and count each submission's token.
const counts = new Map();
const files = (await readdir(outboxDir)).filter((f) => f.endsWith(".eml"));
for (const file of files) {
  const text = await readFile(join(outboxDir, file), "utf8");
  const found = new Set(text.match(new RegExp(`bench-${run}-\\d{4}`, "g")) ?? []);
  for (const t of found) counts.set(t, (counts.get(t) ?? 0) + 1);
}
const lost = [...accepted].filter((i) => !counts.has(token(i))).length;
const duplicated = [...counts.values()].filter((n) => n > 1).length;
const unexpected = [...counts.keys()].filter((t) => !accepted.has(Number(t.slice(-4)))).length;

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
const ms = (v) => `${v.toFixed(1)} ms`;
console.log(`answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(", ")}`);
console.log(`throughput: ${(TOTAL / seconds).toFixed(1)} requests/s (${seconds.toFixed(2)} s)`);
console.log(`latency: p50 ${ms(pct(50))}, p95 ${ms(pct(95))}, max ${ms(latencies.at(-1))}`);
console.log(`outbox: ${files.length} .eml files; accepted ${accepted.size}, lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}`);

stopServer();
if (keep) console.log(`outbox kept at ${outboxDir}`);
else await rm(outboxDir, { recursive: true, force: true });
const ok = accepted.size === TOTAL && lost === 0 && duplicated === 0 && unexpected === 0 && files.length === TOTAL;
console.log(ok ? "bench:mail: every submission is in the outbox exactly once" : "bench:mail: FAILED");
process.exit(ok ? 0 : 1);
