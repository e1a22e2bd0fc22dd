import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import { insertLead } from "../../../test-support/leads";
import { staffSuite } from "../../../test-support/staff-suite";
import { mountInbox } from "./routes";

// "Follow up on <date>" through the real desk (decision 0153): sign-in, CSRF, roles, audit, on the desk's clock.

const text = (html: string) => {
  const { document } = new Window();
  document.write(html);
  return (document.body.textContent ?? "").replace(/\s+/g, " ");
};

describe("following a lead up on a date", () => {
  let clock = new Date("2026-12-07T06:00:00Z"); // Monday 7 December, 12:00 in Dhaka
  const { leads, signedIn } = staffSuite("PGlite", { desk: { routes: [mountInbox], now: () => clock, timeZone: "Asia/Dhaka" } });
  const quote = () =>
    insertLead(leads.db, { form: "quote", fields: { name: "Li Wei", email: "li@harbour.test" }, receivedAt: new Date("2026-12-06T04:00:00Z") });

  it("takes the lead out of Waiting for us until the day, says so on its page, and brings it back on that day", async () => {
    clock = new Date("2026-12-07T06:00:00Z");
    const lead = await quote();
    const sales = await signedIn("sales");
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).toContain("Li Wei");
    expect(text(await (await sales.request(`/staff/leads/${lead}`)).text())).toContain(
      "No follow-up date: the lead is in Waiting for us while the sender waits.",
    );

    const set = await sales.post(`/staff/leads/${lead}/follow-up`, { date: "2026-12-10" });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe(`/staff/leads/${lead}`);
    const page = text(await (await sales.request(`/staff/leads/${lead}`)).text());
    expect(page).toContain("Follow up on 2026-12-10: out of Waiting for us until then.");
    expect(page).toMatch(/: Follow up on 2026-12-10/);
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).not.toContain("Li Wei");
    const [audit] = await rows<{ action: string; detail: unknown }>(leads.db, sql`select action, detail from staff_audit where action = 'lead.follow-up'`);
    expect(audit).toMatchObject({ action: "lead.follow-up" });

    // 23:59 on 9 December in Dhaka: still away; midnight: back, once, with a line on its timeline.
    clock = new Date("2026-12-09T17:59:00Z");
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).not.toContain("Li Wei");
    clock = new Date("2026-12-09T18:00:00Z");
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).toContain("Li Wei");
    const back = text(await (await sales.request(`/staff/leads/${lead}`)).text());
    expect(back).toContain("No follow-up date");
    expect(back.match(/The desk: Back from follow-up: the day has come/g)).toHaveLength(1);
  });

  it("clears a follow-up date: the lead is waiting again", async () => {
    clock = new Date("2026-12-07T06:00:00Z");
    const lead = await quote();
    const sales = await signedIn("sales");
    expect((await sales.post(`/staff/leads/${lead}/follow-up`, { date: "2026-12-20" })).status).toBe(303);
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).not.toContain("Li Wei");
    expect((await sales.post(`/staff/leads/${lead}/follow-up`, { action: "clear" })).status).toBe(303);
    expect(text(await (await sales.request("/staff/leads/waiting")).text())).toContain("Li Wei");
    expect(text(await (await sales.request(`/staff/leads/${lead}`)).text())).toMatch(/: Follow-up cleared/);
  });

  it("refuses a date that is not after today, not a date or too far, with the reason at the field (400); other sites 403; a role that may not see the lead 404", async () => {
    clock = new Date("2026-12-07T06:00:00Z");
    const lead = await quote();
    const sales = await signedIn("sales");
    for (const [date, reason] of [
      ["2026-12-07", "The follow-up date must be after today (2026-12-07)."],
      ["2026-02-30", "Enter the follow-up date as a date (YYYY-MM-DD)."],
      ["next week", "Enter the follow-up date as a date (YYYY-MM-DD)."],
      ["", "Enter the follow-up date as a date (YYYY-MM-DD)."],
      ["2027-12-09", "The follow-up date must be within a year (by 2027-12-08)."],
    ] as const) {
      const answer = await sales.post(`/staff/leads/${lead}/follow-up`, { date });
      expect(answer.status, date).toBe(400);
      const html = await answer.text();
      expect(text(html), date).toContain(reason);
      expect(html).toMatch(/id="follow-up-date"[^>]*aria-invalid="true"/);
    }
    const notAForm = await sales.request(`/staff/leads/${lead}/follow-up`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: sales.origin },
    });
    expect(notAForm.status).toBe(400);
    const crossSite = await sales.post(`/staff/leads/${lead}/follow-up`, { date: "2026-12-10" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const hr = await signedIn("hr");
    expect((await hr.post(`/staff/leads/${lead}/follow-up`, { date: "2026-12-10" })).status).toBe(404);
    expect(await rows(leads.db, sql`select 1 from leads where id = ${lead} and follow_up_at is not null`)).toEqual([]);
  });
});
