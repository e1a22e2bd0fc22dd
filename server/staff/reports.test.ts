import type { MiddlewareHandler } from "hono";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabasePerFile } from "../../test-support/databases";
import { insertLead, staff } from "../../test-support/leads";
import { forbiddenPage, type StaffEnv } from "./guard";
import { createInboxRoutes, kitPage, mountInbox } from "./inbox/routes";
import { addTestAccount, startStaffServer } from "../../test-support/staff";
import { lateFirstReplies, lateLaterReplies, percentile, weekOf, weeklyFigures } from "./reports";
import { reportRows } from "../leads/reports";
import { defaultResponseTargets } from "./response-targets";
import { tableByCaption } from "../../test-support/html-tables";
import type { StaffUser } from "./roles";

const zone = "Asia/Dhaka";
const at = (iso: string) => new Date(iso);

describe("weekly figures", () => {
  it("counts leads per type and week, the median and 90th percentile of first responses, the share answered within a working day, replies per person", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
    expect(weekOf(at("2026-11-22T20:00:00Z"), zone)).toBe("2026-11-23"); // Monday 02:00 in Dhaka
    const leads = [
      // Week of Monday 16 November (Dhaka): answered after 2 h, 10 h, and after a weekend (Thu 10:00 → Sun 12:00: 74 h, more than a working day).
      { type: "quote" as const, receivedAt: at("2026-11-16T04:00:00Z"), firstResponseAt: at("2026-11-16T06:00:00Z") },
      { type: "contact" as const, receivedAt: at("2026-11-17T04:00:00Z"), firstResponseAt: at("2026-11-17T14:00:00Z") },
      { type: "contact" as const, receivedAt: at("2026-11-19T04:00:00Z"), firstResponseAt: at("2026-11-22T06:00:00Z") },
      { type: "quote" as const, receivedAt: at("2026-11-18T04:00:00Z"), firstResponseAt: null },
      // Week of 23 November.
      { type: "career" as const, receivedAt: at("2026-11-24T04:00:00Z"), firstResponseAt: null },
    ];
    const replies = [
      { at: at("2026-11-16T06:00:00Z"), sentBy: "Sam Sales" },
      { at: at("2026-11-17T14:00:00Z"), sentBy: "Sam Sales" },
      { at: at("2026-11-22T06:00:00Z"), sentBy: "Ada Admin" },
    ];
    const figures = weeklyFigures({ leads, replies, weeks: 3, now: at("2026-11-25T06:00:00Z"), timeZone: zone });
    expect(figures.map((f) => f.week)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(figures[0]).toMatchObject({ receivedTotal: 0, medianHours: null, withinOneWorkingDay: null, repliesBy: {} });
    expect(figures[1]).toMatchObject({
      received: { quote: 2, contact: 2 },
      receivedTotal: 4,
      medianHours: 10,
      withinOneWorkingDay: 0.5,
      repliesBy: { "Sam Sales": 2, "Ada Admin": 1 },
    });
    // Sorted 2, 10, 74 hours: the 90th percentile lies 80 % of the way from 10 to 74.
    expect(figures[1]!.p90Hours).toBeCloseTo(61.2, 5);
    expect(figures[2]).toMatchObject({ received: { career: 1 }, receivedTotal: 1, medianHours: null, withinOneWorkingDay: 0 });
  });
});

describe("the reports page", () => {
  const handle = testDatabasePerFile("PGlite");
  const guard: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const who = c.req.header("x-test-staff") as keyof typeof staff;
    c.set("staff", staff[who] as StaffUser);
    await next();
  };
  const app = () =>
    createInboxRoutes({
      db: handle.db,
      requireStaff: guard,
      recordAudit: async () => {},
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: async () => Object.values(staff),
      now: () => at("2026-11-25T06:00:00Z"),
    });
  const get = (path: string, who: keyof typeof staff) => app().request(path, { headers: { "x-test-staff": who } });

  it("shows admin and sales the figures of the types they may see, as an SVG chart, a table and a CSV; hr and editors get 403", async () => {
    const quote = await insertLead(handle.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: at("2026-11-16T04:00:00Z") });
    await insertLead(handle.db, { form: "career", fields: { name: "Rahim", email: "r@x.test" }, receivedAt: at("2026-11-17T04:00:00Z") });
    await handle.db.execute(sql`update leads set first_response_at = received_at + interval '3 hours' where id = ${quote}`);
    const html = await (await get("/staff/reports", "sales")).text();
    expect(html).toContain("<svg");
    expect(html).toContain("Leads received per week");
    expect(html, "the nav marks Reports as the page shown").toMatch(/<a href="\/staff\/reports" aria-current="page">/);
    expect(html).not.toMatch(/<a href="\/staff\/leads" aria-current="page">/);
    expect(html).toContain("Week of 2026-11-16: 1");
    expect(html).not.toContain("Received: application");
    const csv = await (await get("/staff/reports.csv", "sales")).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe(
      '"week (Monday)","received: contact","received: quote","received","first response median (hours)","first response p90 (hours)","answered within one working day (%)","replies sent"',
    );
    expect(lines).toContain('"2026-11-16","0","1","1","3.0","3.0","100","none"');
    const admin = await (await get("/staff/reports.csv", "admin")).text();
    expect(admin).toContain('"received: application"');
    expect((await get("/staff/reports", "hr")).status).toBe(403);
    expect((await get("/staff/reports", "editor")).status).toBe(403);
  });

  it("counts the replies staff sent, not the quotation page's confirmations of an acceptance (decision 0155)", async () => {
    const lead = await insertLead(handle.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: at("2026-10-07T04:00:00Z") });
    const message = (key: string, sender: string, purpose: string | null) =>
      handle.db.execute(
        sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, sent_by_id, sent_by_name, purpose, at)
            values (${lead}, 'out', ${`<${key}@ssl.test>`}, 'sales@ssl.test', 'li@x.test', 'Re: Your quote request', 'text', 'x', ${sender}, ${purpose}, '2026-10-07T06:00:00Z')`,
      );
    await message("reply-report", "Sam Sales", "quotation");
    await message("accepted-report", "Quotation page", "acceptance");
    const { replies } = await reportRows(handle.db, { types: ["quote"], from: at("2026-10-07T00:00:00Z") });
    expect(replies).toEqual([{ at: at("2026-10-07T06:00:00Z"), sentBy: "Sam Sales" }]);
  });

  it("shows per lead type the share of first replies after the due time, with the targets it was measured by (decision 0153)", async () => {
    await handle.db.execute(sql`delete from leads`);
    // Monday 16 November 10:00 in Dhaka, due 14:00: one answered 13:00, one 15:00.
    const inTime = await insertLead(handle.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: at("2026-11-16T04:00:00Z") });
    const late = await insertLead(handle.db, { form: "quote", fields: { name: "Mo", email: "mo@x.test" }, receivedAt: at("2026-11-16T04:00:00Z") });
    await handle.db.execute(sql`update leads set first_response_at = '2026-11-16T07:00:00Z' where id = ${inTime}`);
    await handle.db.execute(sql`update leads set first_response_at = '2026-11-16T09:00:00Z' where id = ${late}`);
    const html = await (await get("/staff/reports", "sales")).text();
    expect(html).toContain("First replies after the due time");
    expect(html).toContain("(contact 8 working hours, quote 4 working hours)");
    const table = tableByCaption(html, "Share of first replies after the due time, per lead type and week");
    expect(table[0]).toEqual(["Week of", "After the due time: contact", "After the due time: quote"]);
    expect(table.find((row) => row[0] === "2026-11-16")).toEqual(["2026-11-16", "—", "50 % (1 of 2)"]);
    expect(table.at(-1)).toEqual(["All 12 weeks", "—", "50 % (1 of 2)"]);
  });

  it("shows per lead type the share of later replies after the due time, with the later-reply targets (decision 0157)", async () => {
    await handle.db.execute(sql`delete from leads`);
    const quote = await insertLead(handle.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: at("2026-11-16T04:00:00Z") });
    // First reply Monday 16 November 11:00 in Dhaka; the buyer wrote Tuesday 10:00 (due Tuesday 18:00), answered Wednesday 10:00: late.
    await handle.db.execute(
      sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, sent_by_name, at) values
            (${quote}, 'out', '<r1@test>', 's@test', 'li@x.test', 'Re', 'text', 'Sam Sales', '2026-11-16T05:00:00Z'),
            (${quote}, 'in', '<b1@test>', 'li@x.test', 's@test', 'Re', 'text', null, '2026-11-17T04:00:00Z'),
            (${quote}, 'out', '<r2@test>', 's@test', 'li@x.test', 'Re', 'text', 'Sam Sales', '2026-11-18T04:00:00Z')`,
    );
    await handle.db.execute(sql`update leads set first_response_at = '2026-11-16T05:00:00Z', awaiting_since = null where id = ${quote}`);
    const html = await (await get("/staff/reports", "sales")).text();
    expect(html).toContain("Later replies after the due time");
    expect(html).toContain("(contact 8 working hours, quote 8 working hours)");
    const table = tableByCaption(html, "Share of later replies after the due time, per lead type and week");
    expect(table.find((row) => row[0] === "2026-11-16")).toEqual(["2026-11-16", "—", "100 % (1 of 1)"]);
    expect(table.at(-1)).toEqual(["All 12 weeks", "—", "100 % (1 of 1)"]);
    // The first replies' table counts the lead's first reply alone, in time.
    expect(tableByCaption(html, "Share of first replies after the due time, per lead type and week").at(-1)).toEqual(["All 12 weeks", "—", "0 % (0 of 1)"]);
  });
});

describe("later replies after the due time (decision 0157)", () => {
  // Defaults: a quote's later reply within 8 working hours, a contact's within 8, Sunday–Thursday 09:00–18:00 in Dhaka.
  const replies = [
    // The buyer wrote Monday 16 November 10:00 → due Monday 18:00 (12:00Z): replied 17:00 (in time) and Tuesday 10:00 (late).
    { type: "quote" as const, waitingSince: at("2026-11-16T04:00:00Z"), repliedAt: at("2026-11-16T11:00:00Z") },
    { type: "quote" as const, waitingSince: at("2026-11-16T04:00:00Z"), repliedAt: at("2026-11-17T04:00:00Z") },
    // A contact wrote Thursday 19 November 17:00 → due Sunday 16:00: replied Monday 23 November, late, counted in the week it went out.
    { type: "contact" as const, waitingSince: at("2026-11-19T11:00:00Z"), repliedAt: at("2026-11-23T04:00:00Z") },
    // Before the period: left out.
    { type: "quote" as const, waitingSince: at("2026-10-01T04:00:00Z"), repliedAt: at("2026-10-09T04:00:00Z") },
  ];

  it("gives per lead type and week the share of later replies sent after their due time, by the week each went out", () => {
    const period = { types: ["contact", "quote"] as const, weeks: 2, now: at("2026-11-25T06:00:00Z"), timeZone: zone };
    expect(lateLaterReplies({ replies, ...period, targets: defaultResponseTargets })).toEqual([
      { week: "2026-11-16", byType: { contact: { answered: 0, late: 0, share: null }, quote: { answered: 2, late: 1, share: 0.5 } } },
      { week: "2026-11-23", byType: { contact: { answered: 1, late: 1, share: 1 }, quote: { answered: 0, late: 0, share: null } } },
      { week: "all", byType: { contact: { answered: 1, late: 1, share: 1 }, quote: { answered: 2, late: 1, share: 0.5 } } },
    ]);
    // The later-reply targets, not the first reply's: a quote's at 18 working hours makes both in time.
    const loose = { ...defaultResponseTargets, laterHours: { ...defaultResponseTargets.laterHours, quote: 18 } };
    expect(lateLaterReplies({ replies, ...period, targets: loose }).at(-1)!.byType.quote).toEqual({ answered: 2, late: 0, share: 0 });
  });
});

describe("the desk's reports, in the desk's time zone", () => {
  const handle = testDatabasePerFile("PGlite");
  const servers: Awaited<ReturnType<typeof startStaffServer>>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** The desk as server/index.ts makes it (its inbox and reports), with DIGEST_TIME_ZONE = `timeZone`, sales signed in. */
  async function salesIn(timeZone: string) {
    const server = await startStaffServer(handle.db, { timeZone, now: () => at("2026-11-25T06:00:00Z"), routes: [mountInbox] });
    servers.push(server);
    await addTestAccount(handle.db, "sales").catch(() => {});
    const browser = server.browser();
    expect((await browser.signIn("sales@example.com")).status).toBe(303);
    return browser;
  }

  it("counts a lead received at Monday 02:00 in Dhaka (Sunday 20:00 UTC) in the week of that Monday, on the page and in the CSV; a desk in London counts it in the week before", async () => {
    await insertLead(handle.db, { form: "quote", fields: { name: "Li", email: "li@x.test" }, receivedAt: at("2026-11-22T20:00:00Z") });
    const csvLine = (csv: string, week: string) => csv.split("\r\n").find((line) => line.startsWith(`"${week}"`));

    const dhaka = await salesIn("Asia/Dhaka");
    const page = await (await dhaka.request("/staff/reports")).text();
    expect(page).toContain("Week of 2026-11-23: 1");
    expect(page).toContain("Week of 2026-11-16: 0");
    const csv = await (await dhaka.request("/staff/reports.csv")).text();
    expect(csvLine(csv, "2026-11-23")).toMatch(/^"2026-11-23","0","1","1",/);
    expect(csvLine(csv, "2026-11-16")).toMatch(/^"2026-11-16","0","0","0",/);

    const london = await salesIn("Europe/London");
    expect(await (await london.request("/staff/reports")).text()).toContain("Week of 2026-11-16: 1");
    expect(csvLine(await (await london.request("/staff/reports.csv")).text(), "2026-11-16")).toMatch(/^"2026-11-16","0","1","1",/);
  });
});

describe("first replies after the due time (decision 0153)", () => {
  // Week of Monday 16 November in Dhaka; defaults: a quote within 4 working hours, a contact within 8, Sunday–Thursday 09:00–18:00.
  const leads = [
    // Quote Monday 10:00 → due 14:00: answered 13:00 (in time) and 15:00 (late).
    { type: "quote" as const, receivedAt: at("2026-11-16T04:00:00Z"), firstResponseAt: at("2026-11-16T07:00:00Z") },
    { type: "quote" as const, receivedAt: at("2026-11-16T04:00:00Z"), firstResponseAt: at("2026-11-16T09:00:00Z") },
    // Contact Thursday 17:00 → due Sunday 16:00: answered Sunday 15:00, in time over the weekend.
    { type: "contact" as const, receivedAt: at("2026-11-19T11:00:00Z"), firstResponseAt: at("2026-11-22T09:00:00Z") },
    // Not answered yet: not counted.
    { type: "quote" as const, receivedAt: at("2026-11-18T04:00:00Z"), firstResponseAt: null },
    // Week of 23 November: a quote answered a day late.
    { type: "quote" as const, receivedAt: at("2026-11-23T04:00:00Z"), firstResponseAt: at("2026-11-24T08:00:00Z") },
    // Before the period: left out.
    { type: "quote" as const, receivedAt: at("2026-10-01T04:00:00Z"), firstResponseAt: at("2026-10-09T04:00:00Z") },
  ];

  it("gives per lead type and week, and for the period, the share of answered leads whose first reply came after the due time", () => {
    const weeks = lateFirstReplies({
      leads,
      types: ["contact", "quote"],
      weeks: 2,
      now: at("2026-11-25T06:00:00Z"),
      timeZone: zone,
      targets: defaultResponseTargets,
    });
    expect(weeks).toEqual([
      { week: "2026-11-16", byType: { contact: { answered: 1, late: 0, share: 0 }, quote: { answered: 2, late: 1, share: 0.5 } } },
      { week: "2026-11-23", byType: { contact: { answered: 0, late: 0, share: null }, quote: { answered: 1, late: 1, share: 1 } } },
      { week: "all", byType: { contact: { answered: 1, late: 0, share: 0 }, quote: { answered: 3, late: 2, share: 2 / 3 } } },
    ]);
    // A looser target for quotes: none late.
    const loose = lateFirstReplies({
      leads,
      types: ["quote"],
      weeks: 2,
      now: at("2026-11-25T06:00:00Z"),
      timeZone: zone,
      targets: { ...defaultResponseTargets, hours: { ...defaultResponseTargets.hours, quote: 18 } },
    });
    expect(loose.at(-1)).toEqual({ week: "all", byType: { quote: { answered: 3, late: 0, share: 0 } } });
  });
});
