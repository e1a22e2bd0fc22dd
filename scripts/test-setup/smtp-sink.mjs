// An SMTP server on loopback that accepts every message and keeps it: one `.eml` file per message
// in a folder (the e2e tests read what the company would receive), and/or a callback (the mail
// benchmark counts). Stands in for the company's mail server in tests and benchmarks only.
//
// CLI: SMTP_SINK_PORT=… SMTP_SINK_DIR=… node scripts/test-setup/smtp-sink.mjs
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SMTPServer } from "smtp-server";

/** Resolves to `{ port, close() }` once listening on 127.0.0.1:`port`. */
export async function startSmtpSink({ port, dir, onMessage }) {
  if (dir) await mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        onMessage?.(raw);
        if (!dir) return callback();
        // Written before the 250 answer: what the sender saw accepted is on disk.
        writeFile(join(dir, `${Date.now()}-${randomUUID()}.eml`), raw).then(() => callback(), callback);
      });
    },
  });
  // A sender that dies mid-conversation (the mail benchmark SIGKILLs a server while it relays)
  // resets its connection, which smtp-server reports as an "error" event on the server; unhandled,
  // that ended the benchmark. Nothing was acknowledged on that connection, so the sender sends the
  // message again: the sink goes on.
  server.on("error", (error) => {
    if (!["ECONNRESET", "EPIPE", "ETIMEDOUT"].includes(error.code)) console.error(`SMTP sink: ${error.message}`);
  });
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { port, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.SMTP_SINK_PORT);
  const dir = process.env.SMTP_SINK_DIR;
  if (!port || !dir) throw new Error("usage: SMTP_SINK_PORT=<port> SMTP_SINK_DIR=<folder> node scripts/test-setup/smtp-sink.mjs");
  const sink = await startSmtpSink({ port, dir });
  console.log(`SMTP sink on 127.0.0.1:${port}, messages in ${dir}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => sink.close().then(() => process.exit(0)));
}
