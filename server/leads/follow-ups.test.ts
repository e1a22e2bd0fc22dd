import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead, staff } from "../../test-support/leads";
import { rows } from "../db/db";
import { followUpOf, returnFollowUps, setFollowUp } from "./follow-ups";
import { listWaiting } from "./inbox";
import { waitingLeads } from "./digest";

// "Follow up on <date>" in the store (decision 0153): out of "Waiting for us" until the day, back on it once across instances.

describe.each(drivers)("follow-ups on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  const sales = { id: staff.sales.id, name: staff.sales.name };
  const types = ["contact", "quote"] as const;
  const day = new Date("2026-12-10T18:00:00Z"); // 11 December 00:00 in Dhaka
  const waitingIds = async () => (await listWaiting(t.db, { types, staffId: sales.id })).leads.map((l) => l.id);

  onBothDrivers("takes a lead out of the waiting view until its day and brings it back exactly once, however many instances look at once", async () => {
    const lead = await insertLead(t.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: new Date("2026-12-01T04:00:00Z") });
    const other = await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" }, receivedAt: new Date("2026-12-02T04:00:00Z") });
    expect(await waitingIds()).toEqual([lead, other]);

    expect(await setFollowUp(t.db, { types, actor: sales, leadId: lead, at: day, day: "2026-12-11" })).toEqual({ ok: true });
    expect(await followUpOf(t.db, lead)).toEqual(day);
    expect(await waitingIds()).toEqual([other]);
    expect((await waitingLeads(t.db)).map((l) => l.id)).toEqual([other]);

    // The day before: nothing comes back.
    expect(await returnFollowUps(t.db, new Date("2026-12-10T17:59:59Z"))).toEqual([]);
    expect(await waitingIds()).toEqual([other]);

    // On the day, three instances at once: one brings it back, one line on its timeline.
    const results = await Promise.all([returnFollowUps(t.db, day), returnFollowUps(t.db, day), returnFollowUps(t.db, new Date("2026-12-11T03:00:00Z"))]);
    expect(results.flat()).toEqual([lead]);
    expect(await followUpOf(t.db, lead)).toBeNull();
    expect(await waitingIds()).toEqual([lead, other]);
    expect(await returnFollowUps(t.db, new Date("2026-12-12T00:00:00Z"))).toEqual([]);
    const events = await rows<{ kind: string; actor_name: string; body: string }>(
      t.db,
      sql`select kind, actor_name, body from lead_events where lead_id = ${lead} order by id`,
    );
    expect(events).toEqual([
      { kind: "follow-up", actor_name: "Sam Sales", body: "Follow up on 2026-12-11" },
      { kind: "follow-up", actor_name: "The desk", body: "Back from follow-up: the day has come" },
    ]);
  });

  onBothDrivers("clears a snooze, and tells nothing of a lead of a type the role may not see", async () => {
    const lead = await insertLead(t.db, { form: "contact", fields: { name: "Cy", email: "cy@x.test" } });
    const application = await insertLead(t.db, { form: "career", fields: { name: "Rahim", email: "r@x.test" } });
    await setFollowUp(t.db, { types, actor: sales, leadId: lead, at: day, day: "2026-12-11" });
    expect(await setFollowUp(t.db, { types, actor: sales, leadId: lead, at: null, day: null })).toEqual({ ok: true });
    expect(await followUpOf(t.db, lead)).toBeNull();
    expect(await waitingIds()).toContain(lead);
    expect(await setFollowUp(t.db, { types, actor: sales, leadId: application, at: day, day: "2026-12-11" })).toEqual({ ok: false, reason: "missing" });
    expect(await followUpOf(t.db, application)).toBeNull();
    expect(await setFollowUp(t.db, { types, actor: sales, leadId: 0, at: day, day: "2026-12-11" })).toEqual({ ok: false, reason: "missing" });
  });
});
