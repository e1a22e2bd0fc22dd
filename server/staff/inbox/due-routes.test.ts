import type { MiddlewareHandler } from "hono";
import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import { forbiddenPage, type StaffEnv } from "../guard";
import type { StaffUser } from "../roles";
import { defaultResponseTargets, saveResponseTargets } from "../response-targets";
import { createInboxRoutes, kitPage } from "./routes";
import { testDatabasePerFile } from "../../../test-support/databases";
import { insertLead, staff } from "../../../test-support/leads";
import { tableByCaption } from "../../../test-support/html-tables";

// Response targets as staff read them (decisions 0153, 0157): each row of the list and a lead's page
// say when the lead's first reply, or its next reply once the sender wrote again, is due, on the
// desk's clock. Asia/Dhaka is UTC+6; the defaults: Sunday–Thursday 09:00–18:00, a quote within 4
// working hours, a contact within 8, an application within 18; a quote's later reply within 8.

const testGuard: MiddlewareHandler<StaffEnv> = async (c, next) => {
  const who = c.req.header("x-test-staff") as keyof typeof staff | undefined;
  if (!who || !(who in staff)) return c.text("sign in", 401);
  c.set("staff", staff[who] as StaffUser);
  await next();
};

const details = (html: string) => {
  const { document } = new Window();
  document.write(html);
  const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  return Object.fromEntries([...document.querySelectorAll("dt")].map((dt) => [text(dt), text(dt.nextElementSibling)]));
};

describe("due times in the inbox", () => {
  const handle = testDatabasePerFile("PGlite");
  let clock = new Date("2026-12-07T06:00:00Z"); // Monday 7 December, 12:00 in Dhaka
  const app = () =>
    createInboxRoutes({
      db: handle.db,
      requireStaff: testGuard,
      recordAudit: async () => {},
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: async () => Object.values(staff),
      now: () => clock,
      timeZone: "Asia/Dhaka",
    });
  const get = (path: string, who: keyof typeof staff = "admin") => app().request(path, { headers: { "x-test-staff": who } });
  let ids: { quote: number; contact: number; answered: number; closed: number };
  const receivedCell = async (name: string) => {
    const [header, ...table] = tableByCaption(await (await get("/staff/leads")).text(), "Leads, newest first");
    const received = header!.findIndex((cell) => cell.trim().startsWith("Received"));
    return table.find((row) => row[1]?.startsWith(name))![received]!.replace(/\s+/g, " ");
  };

  beforeEach(async () => {
    clock = new Date("2026-12-07T06:00:00Z");
    await rows(handle.db, sql`delete from leads`);
    await rows(handle.db, sql`delete from staff_settings`);
    // Monday 10:00 in Dhaka: due 14:00.
    const quote = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Quinn Quote", email: "q@buyer.test" },
      receivedAt: new Date("2026-12-07T04:00:00Z"),
    });
    // Thursday 3 December 16:00: 2 h Thursday, 6 h Sunday → due Sunday 6 December 15:00.
    const contact = await insertLead(handle.db, {
      form: "contact",
      fields: { name: "Cora Contact", email: "c@buyer.test" },
      receivedAt: new Date("2026-12-03T10:00:00Z"),
    });
    const answered = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Ann Answered", email: "a@buyer.test" },
      receivedAt: new Date("2026-12-03T04:00:00Z"),
    });
    await rows(handle.db, sql`update leads set first_response_at = '2026-12-06T06:00:00Z', awaiting_since = null where id = ${answered}`);
    const closed = await insertLead(handle.db, {
      form: "contact",
      fields: { name: "Sid Spam", email: "s@buyer.test" },
      receivedAt: new Date("2026-12-03T04:00:00Z"),
      status: "closed",
    });
    // Imported from the former outbox: answered outside the desk, owes nothing.
    const imported = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Ivo Imported", email: "i@buyer.test" },
      receivedAt: new Date("2026-12-01T04:00:00Z"),
    });
    await rows(handle.db, sql`update leads set source = 'outbox', awaiting_since = null where id = ${imported}`);
    ids = { quote, contact, answered, closed };
  });

  it("says in each row of the list how soon an unanswered lead is due, or how long it is overdue, on the desk's clock", async () => {
    expect(await receivedCell("Quinn Quote")).toContain("due in 2 h");
    expect(await receivedCell("Cora Contact")).toContain("overdue by 21 h");
    // Answered, or closed without an answer: nothing is due.
    expect(await receivedCell("Ann Answered")).not.toMatch(/due|overdue/);
    expect(await receivedCell("Sid Spam")).not.toMatch(/due|overdue/);
    expect(await receivedCell("Ivo Imported")).not.toMatch(/due|overdue/);
    clock = new Date("2026-12-07T08:30:00Z"); // 14:30
    expect(await receivedCell("Quinn Quote")).toContain("overdue by 30 min");
    clock = new Date("2026-12-09T08:00:00Z");
    expect(await receivedCell("Quinn Quote")).toContain("overdue by 2 days");
  });

  it("follows the targets an admin set", async () => {
    await saveResponseTargets(handle.db, { ...defaultResponseTargets, hours: { ...defaultResponseTargets.hours, quote: 1 } });
    expect(await receivedCell("Quinn Quote")).toContain("overdue by 1 h");
  });

  it("shows the due time on the lead's page, and whether the first reply came in time", async () => {
    expect(details(await (await get(`/staff/leads/${ids.quote}`)).text())["First reply due"]).toBe("2026-12-07 08:00 UTC (due in 2 h)");
    expect(details(await (await get(`/staff/leads/${ids.contact}`)).text())["First reply due"]).toBe("2026-12-06 09:00 UTC (overdue by 21 h)");
    // Due Thursday 14:00 (08:00Z), answered Sunday 12:00 (06:00Z).
    expect(details(await (await get(`/staff/leads/${ids.answered}`)).text())["First reply due"]).toBe(
      "2026-12-03 08:00 UTC (answered 2 days after it was due)",
    );
    expect(details(await (await get(`/staff/leads/${ids.closed}`)).text())["First reply due"]).toBe("2026-12-03 12:00 UTC");
  });

  // Later replies (decision 0157): the desk replied, the sender wrote again; a quote's next reply is due 8 working hours later.
  const waitingAgain = async (name: string, since: string) => {
    const id = await insertLead(handle.db, {
      form: "quote",
      fields: { name, email: `${name.split(" ")[0]}@buyer.test` },
      receivedAt: new Date("2026-12-01T04:00:00Z"),
    });
    await rows(
      handle.db,
      sql`update leads set first_response_at = '2026-12-01T05:00:00Z', awaiting_since = ${since}::timestamptz, status = 'quoted' where id = ${id}`,
    );
    return id;
  };

  it("says when the next reply is due to a sender who wrote again after the first reply, in the row and on the lead's page", async () => {
    // Monday 7 December 09:00 in Dhaka + 8 working hours → 17:00 (11:00Z); the clock reads 12:00.
    const rhea = await waitingAgain("Rhea Again", "2026-12-07T03:00:00Z");
    expect(await receivedCell("Rhea Again")).toContain("next reply due in 5 h");
    const page = details(await (await get(`/staff/leads/${rhea}`)).text());
    expect(page["Next reply due"]).toBe("2026-12-07 11:00 UTC (next reply due in 5 h)");
    // Its first reply went out an hour after the quote arrived, in time.
    expect(page["First reply due"]).toBe("2026-12-01 08:00 UTC (answered in time)");
    clock = new Date("2026-12-07T12:00:00Z");
    expect(await receivedCell("Rhea Again")).toContain("next reply overdue by 1 h");
    expect(details(await (await get(`/staff/leads/${rhea}`)).text())["Next reply due"]).toBe("2026-12-07 11:00 UTC (next reply overdue by 1 h)");
    // An admin's later-reply target: 18 working hours, Monday and Tuesday 09:00–18:00 → Tuesday 18:00 (12:00Z).
    await saveResponseTargets(handle.db, { ...defaultResponseTargets, laterHours: { ...defaultResponseTargets.laterHours, quote: 18 } });
    expect(await receivedCell("Rhea Again")).toContain("next reply due in 24 h");
    // Answered again: nothing is owed, and the page has no next reply's line.
    await rows(handle.db, sql`update leads set awaiting_since = null where id = ${rhea}`);
    expect(await receivedCell("Rhea Again")).not.toMatch(/due|overdue/);
    expect(details(await (await get(`/staff/leads/${rhea}`)).text())).not.toHaveProperty("Next reply due");
  });

  it("owes nothing, first reply or later, while a lead is set aside with a follow-up date", async () => {
    const rhea = await waitingAgain("Rhea Again", "2026-12-06T03:00:00Z");
    // Follow up on Wednesday 9 December: it starts at 2026-12-08T18:00Z in Dhaka.
    await rows(handle.db, sql`update leads set follow_up_at = '2026-12-08T18:00:00Z' where id in (${rhea}, ${ids.quote})`);
    expect(await receivedCell("Rhea Again")).not.toMatch(/due|overdue/);
    expect(await receivedCell("Quinn Quote")).not.toMatch(/due|overdue/);
    expect(details(await (await get(`/staff/leads/${rhea}`)).text())["Next reply due"]).toBe(
      "2026-12-06 11:00 UTC (follow up on 2026-12-09: nothing owed until then)",
    );
    expect(details(await (await get(`/staff/leads/${ids.quote}`)).text())["First reply due"]).toBe(
      "2026-12-07 08:00 UTC (follow up on 2026-12-09: nothing owed until then)",
    );
    // Back on its day: owed again, measured from when the sender began waiting.
    clock = new Date("2026-12-08T18:00:00Z");
    expect(details(await (await get(`/staff/leads/${rhea}`)).text())["Next reply due"]).toBe("2026-12-06 11:00 UTC (next reply overdue by 2 days)");
    expect(await receivedCell("Quinn Quote")).toContain("overdue by 34 h");
  });
});
