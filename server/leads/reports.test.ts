import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead } from "../../test-support/leads";
import type { Database } from "../db/db";
import { reportRows } from "./reports";

// What the reports read of later replies (decision 0157): each reply after the first that answers the
// sender speaking again, with the first moment they spoke since the desk's previous reply.

/** A message of a lead's conversation, written straight into the table at `at`. */
async function message(db: Database, leadId: number, direction: "in" | "out", at: string) {
  await db.execute(
    sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, sent_by_name, at)
        values (${leadId}, ${direction}, ${`<${leadId}-${direction}-${at}@test>`}, 'a@test', 'b@test', 'Re: request', 'text',
                ${direction === "out" ? "Sam Sales" : null}, ${at}::timestamptz)`,
  );
}

describe.each(drivers)("later replies in the reports on %s", (driver) => {
  const t = testDatabasePerFile(driver);

  onBothDrivers("pairs each later reply with the first message it answers, and leaves out first replies and senders still waiting", async () => {
    const db = t.db;
    const quote = await insertLead(db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: new Date("2026-11-16T04:00:00Z") });
    // First reply; the buyer writes twice, one reply answers both; the buyer writes again, still waiting.
    await message(db, quote, "out", "2026-11-16T06:00:00Z");
    await message(db, quote, "in", "2026-11-17T04:00:00Z");
    await message(db, quote, "in", "2026-11-17T05:00:00Z");
    await message(db, quote, "out", "2026-11-17T09:00:00Z");
    // Two replies in a row: the second answers nothing new.
    await message(db, quote, "out", "2026-11-18T04:00:00Z");
    await message(db, quote, "in", "2026-11-19T04:00:00Z");
    // A buyer's answer on the quotation's page that asks something of us counts as speaking again; a decline does not.
    const contact = await insertLead(db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" }, receivedAt: new Date("2026-11-16T04:00:00Z") });
    await message(db, contact, "out", "2026-11-16T05:00:00Z");
    await db.execute(
      sql`insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value) values
            (${contact}, '2026-11-18T03:00:00Z', 'buyer', 'Bo', 'quotation', '1', 'decline'),
            (${contact}, '2026-11-18T04:00:00Z', 'buyer', 'Bo', 'quotation', '1', 'changes')`,
    );
    await message(db, contact, "out", "2026-11-18T10:00:00Z");
    // Only leads answered by the desk: one whose first reply is unknown (first_response_at null) has no later replies.
    const imported = await insertLead(db, { form: "quote", fields: { name: "Io", email: "io@x.test" }, receivedAt: new Date("2026-11-16T04:00:00Z") });
    await message(db, imported, "in", "2026-11-17T04:00:00Z");
    await message(db, imported, "out", "2026-11-17T06:00:00Z");
    // An application: not among the types asked for.
    const application = await insertLead(db, { form: "career", fields: { name: "Ra", email: "ra@x.test" }, receivedAt: new Date("2026-11-16T04:00:00Z") });
    await message(db, application, "out", "2026-11-16T05:00:00Z");
    await message(db, application, "in", "2026-11-16T06:00:00Z");
    await message(db, application, "out", "2026-11-16T07:00:00Z");
    // The first reply as the reply's statement keeps it: the first message out.
    await db.execute(
      sql`update leads l set first_response_at = (select min(at) from lead_messages m where m.lead_id = l.id and m.direction = 'out') where l.id <> ${imported}`,
    );

    const { laterReplies } = await reportRows(db, { types: ["contact", "quote"], from: new Date("2026-11-10T00:00:00Z") });
    expect(laterReplies).toEqual([
      { type: "quote", waitingSince: new Date("2026-11-17T04:00:00Z"), repliedAt: new Date("2026-11-17T09:00:00Z") },
      { type: "contact", waitingSince: new Date("2026-11-18T04:00:00Z"), repliedAt: new Date("2026-11-18T10:00:00Z") },
    ]);
    // Replies before `from` are not read.
    expect((await reportRows(db, { types: ["contact", "quote"], from: new Date("2026-11-18T00:00:00Z") })).laterReplies).toEqual([
      { type: "contact", waitingSince: new Date("2026-11-18T04:00:00Z"), repliedAt: new Date("2026-11-18T10:00:00Z") },
    ]);
  });
});
