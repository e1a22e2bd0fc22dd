import { sql } from "drizzle-orm";
import { beforeEach, describe, expect } from "vitest";
import { drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead, insertQuotation, staff } from "../../test-support/leads";
import { rows } from "../db/db";
import { unansweredQuotations } from "./unanswered-quotations";

// Quotations the buyer has not answered (decision 0158), in the store, on the desk's injected clock:
// the newest open version, sent at least N days ago, with nothing from the buyer since and nothing
// from us for N days.

describe.each(drivers)("unanswered quotations on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  const now = new Date("2026-12-07T06:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const days = 5;
  const everyone = (leadIds: number[]) => unansweredQuotations(t.db, { now, days, scope: { leadIds } });
  const line = { productRef: "men/hoodie", quantity: 1500, unitPriceMinor: 850n, currency: "USD" };

  /** A quote lead with one sent version (`sentDaysAgo`), assigned to `assigneeId`. */
  const quoted = async (
    name: string,
    sentDaysAgo: number,
    { status = "sent", assigneeId = staff.sales.id as string | null, validUntil = "2026-12-31" } = {},
  ) => {
    const lead = await insertLead(t.db, { form: "quote", fields: { name, email: `${name.toLowerCase()}@buyer.test` }, status: "quoted" });
    await rows(t.db, sql`update leads set assignee_id = ${assigneeId} where id = ${lead}`);
    await insertQuotation(t.db, { leadId: lead, version: 1, status, sentAt: daysAgo(sentDaysAgo), validUntil, lines: [line] });
    return lead;
  };
  const message = (leadId: number, direction: "in" | "out", at: Date) =>
    rows(
      t.db,
      sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, at)
          values (${leadId}, ${direction}, ${`<${direction}-${leadId}-${at.getTime()}@test>`}, 'a@x.test', 'b@x.test', 'Re: [Q]', 'text', ${at.toISOString()}::timestamptz)`,
    );

  beforeEach(async () => {
    await rows(t.db, sql`delete from lead_messages`);
    await rows(t.db, sql`delete from quotation_lines`);
    await rows(t.db, sql`delete from quotations`);
    await rows(t.db, sql`delete from leads`);
  });

  onBothDrivers("lists a version sent 6 days ago, not one sent 4 days ago, with its reference, validity and lines", async () => {
    const six = await quoted("Six", 6);
    const four = await quoted("Four", 4);
    const { quotations, total } = await everyone([six, four]);
    expect(total).toBe(1);
    expect(quotations).toEqual([
      expect.objectContaining({
        leadId: six,
        version: 1,
        sentAt: daysAgo(6),
        validUntil: "2026-12-31",
        assigneeId: staff.sales.id,
        buyer: { name: "Six", company: "", country: "" },
        lines: [{ productRef: "men/hoodie", quantity: 1500, unitPriceMinor: 850n, currency: "USD" }],
      }),
    ]);
    expect(quotations[0]!.reference).toMatch(/^Q-|^SSL-/);
  });

  onBothDrivers("leaves out a lead whose buyer wrote since, and one we wrote to within the days; counts again after our last message", async () => {
    const wrote = await quoted("Wrote", 6);
    await message(wrote, "in", daysAgo(1));
    const before = await quoted("Before", 6);
    await message(before, "in", daysAgo(7)); // before the quotation: still unanswered
    const followedUp = await quoted("Followed", 9);
    await message(followedUp, "out", daysAgo(2));
    const longAgo = await quoted("LongAgo", 12);
    await message(longAgo, "out", daysAgo(6));
    expect((await everyone([wrote, before, followedUp, longAgo])).quotations.map((q) => q.leadId)).toEqual([longAgo, before]);
  });

  onBothDrivers("leaves out an answered, expired, past its validity, revoked or superseded version, and a won or lost lead", async () => {
    const accepted = await quoted("Accepted", 6, { status: "accepted" });
    const changes = await quoted("Changes", 6, { status: "changes_requested" });
    const expired = await quoted("Expired", 6, { status: "expired" });
    const pastValidity = await quoted("Past", 6, { validUntil: "2026-12-06" });
    const lastDay = await quoted("LastDay", 6, { validUntil: "2026-12-07" });
    const revoked = await quoted("Revoked", 6, { status: "revoked" });
    const lost = await quoted("Lost", 6);
    await rows(t.db, sql`update leads set status = 'lost' where id = ${lost}`);
    // v1 superseded by a v2 sent 2 days ago: v2 is the newest and not yet N days old.
    const replaced = await quoted("Replaced", 8, { status: "superseded" });
    await insertQuotation(t.db, { leadId: replaced, version: 2, status: "sent", sentAt: daysAgo(2), validUntil: "2026-12-31", lines: [line] });
    const ids = [accepted, changes, expired, pastValidity, lastDay, revoked, lost, replaced];
    expect((await everyone(ids)).quotations.map((q) => q.leadId)).toEqual([lastDay]);
  });

  onBothDrivers("waits for a follow-up date set on the lead (decision 0153)", async () => {
    const snoozed = await quoted("Snoozed", 6);
    await rows(t.db, sql`update leads set follow_up_at = ${daysAgo(-2).toISOString()}::timestamptz where id = ${snoozed}`);
    expect((await everyone([snoozed])).quotations).toEqual([]);
    await rows(t.db, sql`update leads set follow_up_at = ${daysAgo(0).toISOString()}::timestamptz where id = ${snoozed}`);
    expect((await everyone([snoozed])).quotations.map((q) => q.leadId)).toEqual([snoozed]);
  });

  onBothDrivers("gives a member their own, and with unassignedToo the ones nobody has, oldest sent first", async () => {
    const mine = await quoted("Mine", 6);
    const nobodys = await quoted("Nobodys", 8, { assigneeId: null });
    await quoted("Admins", 7, { assigneeId: staff.admin.id });
    const own = (unassignedToo: boolean) =>
      unansweredQuotations(t.db, { now, days, scope: { assigneeId: staff.sales.id, unassignedToo } }).then((r) => r.quotations.map((q) => q.leadId));
    expect(await own(false)).toEqual([mine]);
    expect(await own(true)).toEqual([nobodys, mine]);
    const limited = await unansweredQuotations(t.db, { now, days, scope: { assigneeId: staff.sales.id, unassignedToo: true }, limit: 1 });
    expect(limited).toEqual({ quotations: [expect.objectContaining({ leadId: nobodys })], total: 2 });
    // The setting's days move the line: 7 days leaves out the one sent 6 days ago.
    expect((await unansweredQuotations(t.db, { now, days: 7, scope: { leadIds: [mine, nobodys] } })).quotations.map((q) => q.leadId)).toEqual([nobodys]);
  });
});
