import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { aboveTheStore, drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead } from "../../test-support/leads";
import { rows } from "../db/db";
import { runDigest, startDigest, waitedMoreThanOneWorkingDay, type DigestStaff } from "./digest";

const zone = "Asia/Dhaka";
// Thursday 26 November 2026, 08:00 in Dhaka (UTC+6).
const thursdayMorning = new Date("2026-11-26T02:00:00Z");
const staffList: DigestStaff[] = [
  { id: "u-sales", name: "Sam Sales", email: "sam@ssl.test", role: "sales" },
  { id: "u-hr", name: "Hana HR", email: "hana@ssl.test", role: "hr" },
  { id: "u-editor", name: "Eddie Editor", email: "eddie@ssl.test", role: "editor" },
];

describe("working days in Dhaka (Friday and Saturday off)", () => {
  it("counts one working day from arrival, skipping the weekend", () => {
    // Wednesday 07:00 → Thursday 07:00: more than one working day by Thursday 08:00.
    expect(waitedMoreThanOneWorkingDay(new Date("2026-11-25T01:00:00Z"), thursdayMorning, zone)).toBe(true);
    // Wednesday 09:00: not yet at Thursday 08:00.
    expect(waitedMoreThanOneWorkingDay(new Date("2026-11-25T03:00:00Z"), thursdayMorning, zone)).toBe(false);
    // Thursday 09:00 → Sunday 09:00 (Friday and Saturday do not count): not by Saturday evening, yes on Sunday noon.
    const thursday = new Date("2026-11-26T03:00:00Z");
    expect(waitedMoreThanOneWorkingDay(thursday, new Date("2026-11-28T15:00:00Z"), zone)).toBe(false);
    expect(waitedMoreThanOneWorkingDay(thursday, new Date("2026-11-29T06:00:00Z"), zone)).toBe(true);
    // Arrived on Friday: counts from Sunday's start, so by Monday 00:30 it has.
    const friday = new Date("2026-11-27T06:00:00Z");
    expect(waitedMoreThanOneWorkingDay(friday, new Date("2026-11-29T17:00:00Z"), zone)).toBe(false);
    expect(waitedMoreThanOneWorkingDay(friday, new Date("2026-11-30T00:30:00Z"), zone)).toBe(true);
  });
});

describe.each(drivers)("the morning digest on %s", (driver) => {
  // The day's claim by two instances at once (scheduled_runs, one statement) on both; the catch-up at start on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const t = testDatabasePerFile(driver);
  const options = () => ({
    db: t.db,
    from: "SSL website <website@ssl.test>",
    origin: () => "https://www.ssl.test",
    listStaff: async () => staffList,
    timeZone: zone,
  });

  onBothDrivers(
    "sends each member of staff exactly their leads waiting more than a working day and the unassigned ones they may see, once a day across instances",
    async () => {
      const mine = await insertLead(t.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: new Date("2026-11-24T03:00:00Z") });
      const mineRecent = await insertLead(t.db, { form: "contact", fields: { name: "Jo", email: "jo@x.test" }, receivedAt: new Date("2026-11-25T05:00:00Z") });
      const nobodys = await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" }, receivedAt: new Date("2026-11-25T05:00:00Z") });
      const application = await insertLead(t.db, {
        form: "career",
        fields: { name: "Rahim", email: "r@x.test" },
        receivedAt: new Date("2026-11-20T05:00:00Z"),
      });
      const answered = await insertLead(t.db, { form: "contact", fields: { name: "Al", email: "al@x.test" }, receivedAt: new Date("2026-11-20T05:00:00Z") });
      // A request waits from its arrival (the insert trigger); the answered one no longer does.
      await t.db.execute(sql`update leads set awaiting_since = case when id = ${answered} then null else received_at end`);
      await t.db.execute(sql`update leads set assignee_id = 'u-sales' where id in (${mine}, ${mineRecent}, ${answered})`);

      // Two instances at the same minute: one set of e-mails.
      const [a, b] = await Promise.all([runDigest(options(), thursdayMorning), runDigest(options(), thursdayMorning)]);
      expect(a + b).toBe(2);
      expect(await runDigest(options(), new Date("2026-11-26T09:00:00Z"))).toBe(0);
      const jobs = await rows<{ kind: string; recipients: string; eml: Uint8Array; lead_id: number | null }>(
        t.db,
        sql`select kind, recipients, eml, lead_id from mail_jobs order by kind`,
      );
      expect(jobs.map((j) => [j.kind, j.recipients, j.lead_id])).toEqual([
        ["digest:2026-11-26:u-hr", "hana@ssl.test", null],
        ["digest:2026-11-26:u-sales", "sam@ssl.test", null],
      ]);
      const refs = new Map(
        (await rows<{ id: number | string; reference: string }>(t.db, sql`select id, reference from leads`)).map((r) => [Number(r.id), r.reference]),
      );
      const sam = await simpleParser(Buffer.from(jobs[1]!.eml));
      expect(sam.subject).toBe("Your leads on 2026-11-26: 2 to look at");
      expect(sam.text).toContain(`Waiting for you more than one working day (1):\n- ${refs.get(mine)} (quote)`);
      expect(sam.text).toContain(`Assigned to nobody (1):\n- ${refs.get(nobodys)} (contact)`);
      expect(sam.text).toContain(`https://www.ssl.test/staff/leads/${mine}`);
      for (const other of [mineRecent, application, answered]) expect(sam.text).not.toContain(refs.get(other)!);
      const hana = await simpleParser(Buffer.from(jobs[0]!.eml));
      expect(hana.text).toContain(`Assigned to nobody (1):\n- ${refs.get(application)} (application)`);
      expect(hana.text).not.toContain(refs.get(nobodys)!);

      // The next day is a new slot.
      expect(await runDigest(options(), new Date("2026-11-27T02:00:00Z"))).toBe(2);
    },
  );

  it("says of each lead that owes its first reply, or its next one, when it is due, on the digest's clock (decisions 0153, 0157)", async () => {
    // Tuesday 24 November 09:00 in Dhaka, a quote (4 working hours): due 13:00, overdue by 43 h on Thursday 08:00.
    const quote = await insertLead(t.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: new Date("2026-11-24T03:00:00Z") });
    // Wednesday 11:00, a contact message (8 working hours): 7 h on Wednesday, due Thursday 10:00.
    const contact = await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" }, receivedAt: new Date("2026-11-25T05:00:00Z") });
    // Answered, then the buyer wrote again on Wednesday 09:00: its next reply (a contact's, 8 working hours) was due 17:00, overdue by 15 h.
    const answered = await insertLead(t.db, { form: "contact", fields: { name: "Al", email: "al@x.test" }, receivedAt: new Date("2026-11-20T05:00:00Z") });
    await t.db.execute(sql`update leads set awaiting_since = received_at`);
    await t.db.execute(sql`update leads set first_response_at = '2026-11-22T05:00:00Z', awaiting_since = '2026-11-25T03:00:00Z' where id = ${answered}`);
    expect(await runDigest(options(), thursdayMorning)).toBe(1);
    const [job] = await rows<{ eml: Uint8Array }>(t.db, sql`select eml from mail_jobs`);
    const text = (await simpleParser(Buffer.from(job!.eml))).text ?? "";
    const refs = new Map(
      (await rows<{ id: number | string; reference: string }>(t.db, sql`select id, reference from leads`)).map((r) => [Number(r.id), r.reference]),
    );
    expect(text).toContain(`- ${refs.get(quote)} (quote), waiting since 2026-11-24 03:00 UTC, overdue by 43 h: https://www.ssl.test/staff/leads/${quote}`);
    expect(text).toContain(`- ${refs.get(contact)} (contact), waiting since 2026-11-25 05:00 UTC, due in 2 h: https://www.ssl.test/staff/leads/${contact}`);
    expect(text).toContain(
      `- ${refs.get(answered)} (contact), waiting since 2026-11-25 03:00 UTC, next reply overdue by 15 h: https://www.ssl.test/staff/leads/${answered}`,
    );
  });

  it("catches up at start when today's time has passed and nothing was sent; not before the time", async () => {
    await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" } });
    await t.db.execute(sql`update leads set awaiting_since = received_at`);
    const early = startDigest({ ...options(), time: "08:00", now: () => new Date("2026-11-26T01:00:00Z") });
    await early.started;
    early.stop();
    expect(await rows(t.db, sql`select 1 from mail_jobs`)).toEqual([]);
    let woken = 0;
    const late = startDigest({ ...options(), time: "08:00", now: () => new Date("2026-11-26T03:00:00Z"), queued: () => void woken++ });
    await late.started;
    late.stop();
    expect(await rows(t.db, sql`select 1 from mail_jobs`)).toHaveLength(1);
    expect(woken).toBe(1);
  });
});
