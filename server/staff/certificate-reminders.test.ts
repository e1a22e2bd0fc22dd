import { sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { beforeEach, describe, expect, it } from "vitest";
import type { CertificateSettings } from "../../app/lib/contracts/server-settings";
import { withFreePorts } from "../../scripts/test-setup/free-port.mjs";
import { rows } from "../db/db";
import { MailRelay } from "../mail/relay";
import { aboveTheStore, drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { certificatesDue, queueCertificateReminders, startCertificateReminders } from "./certificate-reminders";

// Decision 0078: administrators are e-mailed 30 days before a certificate's last valid day — once per
// record, validity and administrator, through mail_jobs and the relay — with the day injected.

const record = (slug: string, validUntil: string): CertificateSettings => ({
  slug,
  name: `Certificate ${slug}`,
  number: `NO-${slug}`,
  holder: "Knit partner, Gazipur",
  validUntil,
});
const now = new Date("2026-11-28T09:00:00Z");
const certificates = [
  record("in-30-days", "2026-12-28"),
  record("in-31-days", "2026-12-29"),
  record("last-day-today", "2026-11-28"),
  record("expired-yesterday", "2026-11-27"),
];

describe("which certificates are due", () => {
  it("those whose last valid day is 0 to 30 days away", () => {
    expect(certificatesDue(certificates, "2026-11-28").map((d) => [d.certificate.slug, d.days])).toEqual([
      ["in-30-days", 30],
      ["last-day-today", 0],
    ]);
  });
});

describe.each(drivers)("certificate expiry reminders on %s", (driver) => {
  // Each reminder queued once whatever the looks (the mail jobs' unique kind, refused by the database) on both; the rest on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const t = testDatabasePerFile(driver);
  // The staff accounts are not among what the database helper empties between tests.
  beforeEach(() => t.db.execute(sql`delete from staff_users`));
  const addStaff = (id: string, role: string, banned = false) =>
    t.db.execute(sql`insert into staff_users (id, name, email, role, banned) values (${id}, ${`Person ${id}`}, ${`${id}@ssl.test`}, ${role}, ${banned})`);
  const queued = () => rows<{ kind: string; recipients: string; lead_id: unknown }>(t.db, sql`select kind, recipients, lead_id from mail_jobs order by kind`);

  onBothDrivers("queue one e-mail per due certificate and active administrator, once, whatever the number of looks", async () => {
    await addStaff("ada", "admin");
    await addStaff("bob", "admin");
    await addStaff("sam", "sales");
    await addStaff("old", "admin", true);
    expect(await queueCertificateReminders(t.db, certificates, { from: "SSL website <website@ssl.test>", now })).toBe(4);
    expect(await queued()).toEqual([
      { kind: "certificate-expiry:in-30-days:2026-12-28:ada", recipients: "ada@ssl.test", lead_id: null },
      { kind: "certificate-expiry:in-30-days:2026-12-28:bob", recipients: "bob@ssl.test", lead_id: null },
      { kind: "certificate-expiry:last-day-today:2026-11-28:ada", recipients: "ada@ssl.test", lead_id: null },
      { kind: "certificate-expiry:last-day-today:2026-11-28:bob", recipients: "bob@ssl.test", lead_id: null },
    ]);
    // The next day's look (or another instance's) queues nothing again.
    expect(await queueCertificateReminders(t.db, certificates, { from: "website@ssl.test", now: new Date("2026-11-28T23:00:00Z") })).toBe(0);
    // Renewed (a new last day), it is announced again when that day comes near.
    const renewed = [record("last-day-today", "2027-11-28")];
    expect(await queueCertificateReminders(t.db, renewed, { from: "website@ssl.test", now: new Date("2027-10-30T09:00:00Z") })).toBe(2);
  });

  it("look at the certificate records of the build being served, with the day injected, and wake the relay when something was queued", async () => {
    await addStaff("ada", "admin");
    const site = { current: { clientDir: "/nowhere", cspHashes: {}, certificates } };
    let kicks = 0;
    const reminders = startCertificateReminders({ db: t.db, site, from: "website@ssl.test", kick: () => kicks++, now: () => now, everyMs: 3_600_000 });
    reminders.stop();
    await reminders.run();
    expect((await queued()).map((job) => job.kind)).toEqual([
      "certificate-expiry:in-30-days:2026-12-28:ada",
      "certificate-expiry:last-day-today:2026-11-28:ada",
    ]);
    expect(kicks).toBe(1);
    // A build without records (older than certificate records): nothing to say, nothing woken.
    site.current = { clientDir: "/nowhere", cspHashes: {}, certificates: [] };
    await reminders.run();
    expect(kicks).toBe(1);
  });

  it("are sent by the mail relay like every other message", async () => {
    await addStaff("ada", "admin");
    const received: { to: string[]; mail: ParsedMail }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => (received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail }), callback()), callback);
      },
    });
    const port = await withFreePorts(
      1,
      ([free]) =>
        new Promise<number>((resolve, reject) => {
          smtp.server.once("error", reject);
          smtp.listen(free!, "127.0.0.1", () => resolve(free!));
        }),
    );
    try {
      await queueCertificateReminders(t.db, [certificates[0]!], { from: "SSL website <website@ssl.test>", now });
      const relay = new MailRelay(t.db, { smtpUrl: `smtp://127.0.0.1:${port}`, envelope: { from: "website@ssl.test", to: ["info@ssl.test"] } });
      relay.kick();
      await relay.idle();
      relay.close();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(["ada@ssl.test"]);
      expect(received[0]!.mail.subject).toBe("Certificate expires in 30 days: Certificate in-30-days (NO-in-30-days)");
      expect(received[0]!.mail.text).toContain("is valid until 2026-12-28");
      const [job] = await rows<{ sent: boolean }>(t.db, sql`select sent_at is not null as sent from mail_jobs`);
      expect(job!.sent).toBe(true);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
