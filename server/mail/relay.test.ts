import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { withFreePorts } from "../../scripts/test-setup/free-port.mjs";
import { createMailApi } from "./mail-api";

// A real SMTP server on loopback, started per test; `refuse` makes it answer 451 to the next N messages.
let smtp: SMTPServer;
let smtpUrl: string;
let received: { envelopeTo: string[]; mail: ParsedMail }[];
let refuse: number;
let outboxDir: string;

beforeEach(async () => {
  received = [];
  refuse = 0;
  outboxDir = await mkdtemp(join(tmpdir(), "ssl-relay-"));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
        }
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  // A port outside the ephemeral range: one test stops this server and starts it again on the same
  // port, which an outgoing connection could take in between if the kernel had chosen it.
  const port = await withFreePorts(1, ([free]) => new Promise<number>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(free!, "127.0.0.1", () => resolve(free!));
  }));
  smtpUrl = `smtp://127.0.0.1:${port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(outboxDir, { recursive: true, force: true });
});

const resume = Buffer.from("%PDF-1.4 resume of Rahim");
const application = JSON.stringify({
  user_id: localMailIds.publicKey,
  service_id: localMailIds.serviceId,
  template_id: localMailIds.templates.career,
  template_params: {
    name: "Rahim Uddin",
    email: "rahim@example.com",
    phone: "+880 1711-000000",
    position: "QC Inspector",
    coverLetter: "Ten years in knitwear QC.",
    attachment: `data:application/pdf;base64,${resume.toString("base64")}`,
    attachment_filename: "rahim-resume.pdf",
  },
});
const send = (api: ReturnType<typeof createMailApi>["api"]) =>
  api.request("/send", { method: "POST", headers: { "Content-Type": "application/json" }, body: application });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("SMTP relay", () => {
  it("relays a stored application with its fields and attachment, then moves it to sent/", async () => {
    const mail = createMailApi({ outboxDir, smtpUrl, addresses: { from: "Website <web@ssl.test>", to: "hr@ssl.test" } });
    expect((await send(mail.api)).status).toBe(200);
    await until(() => received.length === 1);
    await mail.relay!.idle();

    const [{ envelopeTo, mail: message }] = received as [(typeof received)[number]];
    expect(envelopeTo).toEqual(["hr@ssl.test"]);
    expect(message.from?.text).toBe('"Website" <web@ssl.test>');
    expect(message.replyTo?.text).toBe('"Rahim Uddin" <rahim@example.com>');
    expect(message.subject).toBe("Job application: QC Inspector (from Rahim Uddin)");
    expect(message.text).toContain("Phone: +880 1711-000000");
    expect(message.text).toContain("Ten years in knitwear QC.");
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]!.filename).toBe("rahim-resume.pdf");
    expect(message.attachments[0]!.contentType).toBe("application/pdf");
    expect(message.attachments[0]!.content.equals(resume)).toBe(true);

    expect((await readdir(outboxDir)).filter((f) => f.endsWith(".eml"))).toEqual([]);
    expect(await readdir(join(outboxDir, "sent"))).toHaveLength(1);
    mail.relay!.close();
  });

  it("keeps a message the SMTP server refused and retries it later", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    refuse = 2;
    const mail = createMailApi({ outboxDir, smtpUrl, relayRetryBaseMs: 50 });
    expect((await send(mail.api)).status).toBe(200);

    // After the first refusal the lead is still in the outbox, not lost.
    await until(() => refuse === 1);
    expect((await readdir(outboxDir)).filter((f) => f.endsWith(".eml"))).toHaveLength(1);

    await until(() => received.length === 1);
    await mail.relay!.idle();
    expect(refuse).toBe(0);
    expect(received[0]!.mail.attachments[0]!.content.equals(resume)).toBe(true);
    expect(await readdir(join(outboxDir, "sent"))).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/not sent \(attempt 1\), kept in the outbox/), expect.anything());
    mail.relay!.close();
  });

  it("retries a message while the mail server is down and delivers it when it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const port = (smtp.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const mail = createMailApi({ outboxDir, smtpUrl, relayRetryBaseMs: 100 });
    expect((await send(mail.api)).status).toBe(200);
    await until(() => vi.mocked(console.error).mock.calls.length > 0);

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((m) => {
          received.push({ envelopeTo: [], mail: m });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    await until(() => received.length === 1);
    expect(received[0]!.mail.subject).toBe("Job application: QC Inspector (from Rahim Uddin)");
    mail.relay!.close();
  });
});
