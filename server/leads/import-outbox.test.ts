import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rows } from "../db/db";
import { importOutboxOnce } from "./import-outbox";
import { drivers, testDatabasePerFile } from "../../test-support/databases";

const eml = (form: string, subject: string) =>
  `From: SSL website <website@localhost>\r\nTo: info@localhost\r\nReply-To: Ada <ada@example.com>\r\nSubject: ${subject}\r\nX-SSL-Form: ${form}\r\n\r\nbody of ${subject}\r\n`;

describe.each(drivers)("importing the former outbox folder on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let outboxDir: string;
  beforeEach(async () => {
    outboxDir = await mkdtemp(join(tmpdir(), "ssl-import-"));
    await mkdir(join(outboxDir, "sent"));
    await mkdir(join(outboxDir, ".tmp"));
    for (const [i, form] of ["contact", "career", "contact"].entries()) {
      await writeFile(join(outboxDir, `2026-11-2${i}T10-00-00-000Z-p${i}.eml`), eml(form, `Waiting ${i}`));
    }
    for (const i of [0, 1]) await writeFile(join(outboxDir, "sent", `2026-10-0${i + 1}T09-30-00-000Z-s${i}.eml`), eml("contact", `Sent ${i}`));
    // A message half written when the old server stopped: never acknowledged, not a lead.
    await writeFile(join(outboxDir, ".tmp", "2026-11-25T00-00-00-000Z-x.eml"), "From: half");
  });
  afterEach(() => rm(outboxDir, { recursive: true, force: true }));

  it("imports every .eml once: waiting ones still to send, sent ones done; a second start imports nothing", async () => {
    expect(await importOutboxOnce(t.db, outboxDir)).toEqual({ imported: 5, alreadyDone: false });
    const leads = await rows<{ form: string; subject: string; received: string; sent: boolean; eml: Uint8Array }>(
      t.db,
      sql`select l.form, l.fields->>'subject' as subject, to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as received, j.sent_at is not null as sent, l.eml
          from leads l join mail_jobs j on j.lead_id = l.id where l.source = 'outbox' order by l.received_at`,
    );
    expect(leads.map(({ form, subject, received, sent }) => ({ form, subject, received, sent }))).toEqual([
      { form: "contact", subject: "Sent 0", received: "2026-10-01 09:30", sent: true },
      { form: "contact", subject: "Sent 1", received: "2026-10-02 09:30", sent: true },
      { form: "contact", subject: "Waiting 0", received: "2026-11-20 10:00", sent: false },
      { form: "career", subject: "Waiting 1", received: "2026-11-21 10:00", sent: false },
      { form: "contact", subject: "Waiting 2", received: "2026-11-22 10:00", sent: false },
    ]);
    expect(Buffer.from(leads[2]!.eml).toString()).toBe(eml("contact", "Waiting 0"));

    expect(await importOutboxOnce(t.db, outboxDir)).toEqual({ imported: 0, alreadyDone: true });
    expect(await rows(t.db, sql`select id from leads`)).toHaveLength(5);
  });

  it("imports nothing from a folder that does not exist, and only once", async () => {
    expect(await importOutboxOnce(t.db, join(outboxDir, "absent"))).toEqual({ imported: 0, alreadyDone: false });
    expect(await importOutboxOnce(t.db, outboxDir)).toEqual({ imported: 0, alreadyDone: true });
  });
});
