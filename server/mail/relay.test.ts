import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, vi } from "vitest";
import type { ContactLead } from "../../app/lib/contracts/leads";
import { createIntake, type IntakeOptions } from "../intake/intake";
import { mailAddresses } from "./addresses";
import { composeContactNotification } from "./lead-mails";
import { rows } from "../db/db";
import { MailRelay } from "./relay";
import { aboveTheStore, drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { careerApplicationBody } from "../../test-support/leads";
import { startTestSmtp, type ReceivedMail } from "../../test-support/smtp-server";

// A real SMTP server on loopback, started per test (test-support/smtp-server.ts).
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let smtpUrl: string;
let received: ReceivedMail[];

beforeEach(async () => {
  received = [];
  smtp = await startTestSmtp({ received });
  smtpUrl = smtp.url;
});

afterEach(() => smtp.close());

const resume = Buffer.from("%PDF-1.4 resume of Rahim");
const application = careerApplicationBody(resume, "rahim-resume.pdf", { position: "QC Inspector", coverLetter: "Ten years in knitwear QC." });
/** A contact message stored with its notification, as the intake stores one. */
const accept = async (store: ReturnType<typeof createIntake>["store"], lead: ContactLead) =>
  store.accept(lead, { eml: await composeContactNotification(lead, mailAddresses()) });

const send = (api: ReturnType<typeof createIntake>["api"]) =>
  api.request("/send", { method: "POST", headers: { "Content-Type": "application/json" }, body: application });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(drivers)("SMTP relay of the mail jobs on %s", (driver) => {
  // Two relays sharing the queue and an expired claim (FOR UPDATE SKIP LOCKED, the lease in SQL) on both; the relaying on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const t = testDatabasePerFile(driver);
  const mailApi = (options: Omit<IntakeOptions, "database">) => createIntake({ database: t.db, ...options });
  const jobs = () =>
    rows<{ attempts: number; sent: boolean; last_error: string | null }>(
      t.db,
      sql`select attempts, sent_at is not null as sent, last_error from mail_jobs order by id`,
    );

  it("relays a stored application with its fields and attachment, then marks its job sent", async () => {
    const mail = mailApi({ smtpUrl, addresses: { from: "Website <web@ssl.test>", to: "hr@ssl.test" } });
    expect((await send(mail.api)).status).toBe(200);
    await until(() => received.length === 1);
    await mail.relay!.idle();

    const [{ to, mail: message }] = received as [ReceivedMail];
    expect(to).toEqual(["hr@ssl.test"]);
    expect(message.from?.text).toBe('"Website" <web@ssl.test>');
    expect(message.replyTo?.text).toBe('"Rahim Uddin" <rahim@example.com>');
    expect(message.subject).toBe("Job application: QC Inspector (from Rahim Uddin)");
    expect(message.text).toContain("Phone: +880 1711-000000");
    expect(message.text).toContain("Ten years in knitwear QC.");
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]!.filename).toBe("rahim-resume.pdf");
    expect(message.attachments[0]!.contentType).toBe("application/pdf");
    expect(message.attachments[0]!.content.equals(resume)).toBe(true);

    expect(await jobs()).toEqual([{ attempts: 1, sent: true, last_error: null }]);
    mail.relay!.close();
  });

  it("keeps a message the SMTP server refused and retries it later", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Refused until the test says otherwise: how many refusals come before that depends on the
    // machine's speed (a retry every 50 ms and more), so the test counts them instead of racing them.
    const many = 1_000_000;
    smtp.refuse = many;
    const mail = mailApi({ smtpUrl, relayRetryBaseMs: 50 });
    expect((await send(mail.api)).status).toBe(200);

    // After a refusal the job is still there, unsent, with the server's reason.
    await until(async () => (await jobs())[0]?.last_error !== null);
    expect(await jobs()).toEqual([{ attempts: expect.any(Number), sent: false, last_error: expect.stringMatching(/Mailbox busy/) }]);

    const refused = many - smtp.refuse;
    smtp.refuse = 0;
    await until(() => received.length === 1);
    await mail.relay!.idle();
    expect(received[0]!.mail.attachments[0]!.content.equals(resume)).toBe(true);
    expect(await jobs()).toEqual([{ attempts: refused + 1, sent: true, last_error: null }]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/not sent \(attempt 1\), kept, retry in 50 ms/), expect.anything());
    mail.relay!.close();
  });

  it("retries a message while the mail server is down and delivers it when it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { port } = smtp;
    await smtp.close();
    const mail = mailApi({ smtpUrl, relayRetryBaseMs: 100 });
    expect((await send(mail.api)).status).toBe(200);
    await until(() => vi.mocked(console.error).mock.calls.length > 0);

    smtp = await startTestSmtp({ port, received });
    await until(() => received.length === 1);
    expect(received[0]!.mail.subject).toBe("Job application: QC Inspector (from Rahim Uddin)");
    mail.relay!.close();
  });

  onBothDrivers("two relays on one database send each job exactly once", async () => {
    // Two server instances sharing the queue: claims (FOR UPDATE SKIP LOCKED) keep them apart.
    const store = createIntake({ database: t.db }).store;
    for (let i = 0; i < 20; i++) {
      await accept(store, { kind: "contact", name: `Buyer ${i}`, email: `b${i}@example.com`, subject: `Order ${i}`, message: "Hello" });
    }
    const relays = [0, 1].map(() => new MailRelay(t.db, { smtpUrl, envelope: { from: "web@ssl.test", to: ["info@ssl.test"] } }));
    relays.forEach((relay) => relay.kick());
    await until(() => received.length >= 20);
    await Promise.all(relays.map((relay) => relay.idle()));
    relays.forEach((relay) => relay.close());
    const subjects = received.map((r) => r.mail.subject);
    expect(new Set(subjects).size).toBe(20);
    expect(subjects).toHaveLength(20);
    expect((await jobs()).every((job) => job.sent && job.attempts === 1)).toBe(true);
  });

  onBothDrivers("a job claimed by a server that died is sent by another once the claim expires", async () => {
    const store = createIntake({ database: t.db }).store;
    await accept(store, { kind: "contact", name: "Ada", email: "ada@example.com", subject: "Claimed", message: "Hello" });
    // What a server killed in the middle of a send leaves: a claim, no sent_at.
    await t.db.execute(sql`update mail_jobs set attempts = 1, claimed_until = now() + interval '300 milliseconds'`);
    const relay = new MailRelay(t.db, { smtpUrl, envelope: { from: "web@ssl.test", to: ["info@ssl.test"] } });
    relay.kick();
    await relay.idle();
    expect(received).toHaveLength(0);
    await until(() => received.length === 1);
    await relay.idle();
    relay.close();
    expect(await jobs()).toEqual([{ attempts: 2, sent: true, last_error: null }]);
  });
});
