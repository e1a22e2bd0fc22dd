import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localMailIds } from "../app/features/forms/mail/local-endpoint";
import { bundleServer } from "../scripts/build/steps/server-bundle.mjs";
import { freePort } from "../scripts/test-setup/free-port.mjs";

// The real `npm start` entry (server/index.ts, bundled by the build's own server-bundle step), started
// with an environment as an operator would set it: what the process.env path gives, not hand-built options.
let dir = "";
let entry = "";

beforeAll(async () => {
  // Inside the project, so the bundle finds its packages in node_modules as build/node/index.mjs does.
  await mkdir(join("node_modules", ".cache"), { recursive: true });
  dir = await mkdtemp(join("node_modules", ".cache", "ssl-start-up-"));
  entry = join(dir, "index.mjs");
  await bundleServer(entry);
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

type Started = { output: () => string; exited: Promise<number | null>; stop: () => void };

function start(env: Record<string, string>): Started {
  let output = "";
  const child = spawn(process.execPath, [entry], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", CLIENT_DIR: join(dir, "client"), STUDIO_DIR: join(dir, "studio"), PUBLISH: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { output: () => output, exited, stop: () => child.kill("SIGTERM") };
}

async function untilListening(server: Started, port: number) {
  for (;;) {
    const done = await Promise.race([server.exited.then(() => true), fetch(`http://127.0.0.1:${port}/`).then(() => false, () => undefined)]);
    if (done === true) throw new Error(`the server exited: ${server.output()}`);
    if (done === false) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm start's server entry", () => {
  it("stores every form submission with a sender and a recipient when MAIL_FROM and MAIL_TO are unset", async () => {
    const port = await freePort();
    const outbox = join(dir, "outbox");
    const server = start({ PORT: String(port), OUTBOX_DIR: outbox });
    try {
      await untilListening(server, port);
      const res = await fetch(`http://127.0.0.1:${port}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          user_id: localMailIds.publicKey,
          service_id: localMailIds.serviceId,
          template_id: localMailIds.templates.contact,
          template_params: { name: "Ada Buyer", email: "ada@buyer.example", subject: "Knitwear", message: "5,000 sweaters." },
        }),
      });
      expect(res.status).toBe(200);
      const [file] = (await readdir(outbox)).filter((f) => f.endsWith(".eml"));
      const eml = await readFile(join(outbox, file!), "utf8");
      expect(eml).toMatch(/^From: SSL website <website@localhost>$/m);
      expect(eml).toMatch(/^To: info@localhost$/m);
      expect(eml).toMatch(/^Message-ID: <[^@\s]+@localhost>$/m);
    } finally {
      server.stop();
      await server.exited;
    }
  }, 30_000);

  it("with SMTP_URL and no MAIL_TO, stops at start with a message naming MAIL_TO and no stack trace", async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), OUTBOX_DIR: join(dir, "outbox-smtp"), SMTP_URL: "smtp://127.0.0.1:2" });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/MAIL_TO/);
    expect(server.output()).not.toMatch(/TypeError|\n\s+at /);
  }, 30_000);
});
