import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { ReplyTemplate } from "../../../app/lib/contracts/server-settings";
import { rows } from "../../db/db";
import { saveFollowUpDays } from "../quotations/follow-up";
import { testDatabasePerFile } from "../../../test-support/databases";
import { insertLead, insertQuotation, staff } from "../../../test-support/leads";
import { tableByCaption } from "../../../test-support/html-tables";
import { inboxTestRoutes } from "../../../test-support/inbox";

// Quotations the buyer has not answered, as staff meet them (decision 0158): the reader's own (and
// the ones nobody has) above the inbox's list, a marker in each such row, and on the lead's page the
// suggested follow-up from the studio's reply template naming {quotation}. The store's rules are
// server/leads/unanswered-quotations.test.ts's, on both drivers.

const key = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
const now = new Date("2026-12-07T06:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
const textarea = (html: string) => /<textarea[^>]*id="reply-text"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)![1]!;
const buttons = (html: string) => {
  const { document } = new Window();
  document.write(html);
  return [...document.querySelectorAll("button")].map(text);
};

describe("quotations not answered in the inbox", () => {
  const handle = testDatabasePerFile("PGlite");
  let templates: ReplyTemplate[];
  let queued: number;
  let ids: { mine: number; fresh: number; nobodys: number; admins: number };
  const app = () =>
    inboxTestRoutes(handle.db, {
      replies: {
        addresses: { from: "SSL website <website@ssl.example>", to: "info@ssl.example", sales: "Sales <sales@ssl.example>" },
        queued: () => void queued++,
      },
      replyTemplates: async () => templates,
      now: () => now,
      timeZone: "Asia/Dhaka",
    });
  const get = async (path: string, who: keyof typeof staff = "sales") => (await app().request(path, { headers: { "x-test-staff": who } })).text();
  const postReply = (id: number, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return app().request(`/staff/leads/${id}/reply`, { method: "POST", headers: { "x-test-staff": "sales" }, body: form });
  };
  const topicCell = async (name: string, who: keyof typeof staff = "sales") =>
    text({ textContent: tableByCaption(await get("/staff/leads", who), "Leads, newest first").find((row) => row[1]?.startsWith(name))![4]! });

  const quoteLead = async (name: string, reference: string, assignee: string | null) => {
    const id = await insertLead(handle.db, {
      form: "quote",
      fields: { name, email: `${name.split(" ")[0]!.toLowerCase()}@buyer.test`, company: `${name} Ltd` },
      status: "quoted",
      reference,
    });
    await rows(
      handle.db,
      sql`update leads set assignee_id = ${assignee}, awaiting_since = null, first_response_at = ${daysAgo(9).toISOString()}::timestamptz where id = ${id}`,
    );
    return id;
  };

  beforeEach(async () => {
    queued = 0;
    templates = (parseYaml(await readFile("fixtures/content/reply-templates.yaml", "utf8")) as { templates: ReplyTemplate[] }).templates;
    for (const table of ["lead_messages", "quotation_lines", "quotations", "lead_events", "leads", "staff_settings"])
      await rows(handle.db, sql.raw(`delete from ${table}`));
    const mine = await quoteLead("Quinn Buyer", "Q-2026-00042", staff.sales.id);
    await insertQuotation(handle.db, {
      leadId: mine,
      version: 1,
      status: "superseded",
      sentAt: daysAgo(9),
      validUntil: "2026-12-20",
      lines: [{ quantity: 100, unitPriceMinor: 900n, currency: "USD" }],
    });
    await insertQuotation(handle.db, {
      leadId: mine,
      version: 2,
      status: "sent",
      sentAt: daysAgo(6),
      validUntil: "2026-12-31",
      lines: [
        { productRef: "men/hoodie", quantity: 1500, unitPriceMinor: 850n, currency: "USD" },
        { productRef: "men/cap", quantity: 100, unitPriceMinor: 300n, currency: "EUR" },
      ],
    });
    const fresh = await quoteLead("Fran Fresh", "Q-2026-00043", staff.sales.id);
    await insertQuotation(handle.db, { leadId: fresh, version: 1, status: "sent", sentAt: daysAgo(4), validUntil: "2026-12-31", lines: [] });
    const nobodys = await quoteLead("Nora Nobody", "Q-2026-00044", null);
    await insertQuotation(handle.db, { leadId: nobodys, version: 1, status: "sent", sentAt: daysAgo(8), validUntil: "2026-12-31", lines: [] });
    const admins = await quoteLead("Abe Admins", "Q-2026-00045", staff.admin.id);
    await insertQuotation(handle.db, { leadId: admins, version: 1, status: "sent", sentAt: daysAgo(7), validUntil: "2026-12-31", lines: [] });
    ids = { mine, fresh, nobodys, admins };
  });

  it("lists the reader's own and the ones nobody has above the list, oldest first, and marks each such row of the list", async () => {
    const section = tableByCaption(await get("/staff/leads"), "Quotations not answered, oldest first").map((row) =>
      row.map((cell) => text({ textContent: cell })),
    );
    expect(section).toEqual([
      ["Quotation", "Unanswered for", "Buyer", "Valid until", "Assignee"],
      ["Q-2026-00044 v1", "8 days", "Nora Nobody, Nora Nobody Ltd", "2026-12-31", "Nobody (yours to take)"],
      ["Q-2026-00042 v2", "6 days", "Quinn Buyer, Quinn Buyer Ltd", "2026-12-31", "Sam Sales"],
    ]);
    expect(await topicCell("Quinn Buyer")).toContain("Quotation Q-2026-00042 v2 unanswered for 6 days");
    // Someone else's is marked in the list too, but is theirs to follow up.
    expect(await topicCell("Abe Admins")).toContain("Quotation Q-2026-00045 v1 unanswered for 7 days");
    expect(await topicCell("Fran Fresh")).not.toContain("unanswered");
    // The admin's own list has theirs and the one nobody has.
    const adminSection = tableByCaption(await get("/staff/leads", "admin"), "Quotations not answered, oldest first");
    expect(adminSection.slice(1).map((row) => row[0])).toEqual(["Q-2026-00044 v1", "Q-2026-00045 v1"]);
    // A role that sees no quote requests has no such section.
    expect(await get("/staff/leads", "hr")).not.toContain("Quotations not answered");
  });

  it("follows the days an admin set", async () => {
    await saveFollowUpDays(handle.db, 7);
    const section = tableByCaption(await get("/staff/leads"), "Quotations not answered, oldest first");
    expect(section.slice(1).map((row) => row[0])).toEqual(["Q-2026-00044 v1"]);
    expect(await topicCell("Quinn Buyer")).not.toContain("unanswered");
  });

  it("offers the suggested follow-up on the lead's page: the template with the quotation, its totals and validity, the link left in our first e-mail; sent only by the reply's own Send", async () => {
    const page = await get(`/staff/leads/${ids.mine}`);
    expect(page).toContain("Quotation Q-2026-00042 v2 unanswered for 6 days.");
    expect(buttons(page)).toContain("Use the suggested follow-up");
    expect(buttons(await get(`/staff/leads/${ids.fresh}`))).not.toContain("Use the suggested follow-up");

    const answer = await postReply(ids.mine, { key, action: "follow-up", template: "", text: "" });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const suggested = textarea(html);
    expect(suggested).toBe(
      [
        "Dear Quinn Buyer,",
        "",
        "On 1 December 2026 we sent you our quotation Q-2026-00042 v2 for your request Q-2026-00042: USD 12,750.00 and EUR 300.00, valid until 31 December 2026. We have not heard from you since, so we wanted to make sure it reached you.",
        "",
        "The link to read, download, accept or answer it online is in our e-mail of 1 December 2026. If the quantities, prices, terms or delivery should change, just reply to this e-mail and we will gladly send you a revised version.",
        "",
        "Kind regards,",
        "Sam Sales",
      ].join("\n"),
    );
    expect(html).toContain(`value="${key}"`);
    // Nothing is stored or sent until the reply is sent as any other.
    expect(await rows(handle.db, sql`select 1 from lead_messages`)).toEqual([]);
    expect(queued).toBe(0);

    const sent = await postReply(ids.mine, { key, action: "send", text: suggested.replaceAll("&#39;", "'") });
    expect(sent.status).toBe(303);
    expect(queued).toBe(1);
    // Followed up: quiet again for the setting's days, so off the list and without the marker.
    expect(await topicCell("Quinn Buyer")).not.toContain("unanswered");
    expect(await get(`/staff/leads/${ids.mine}`)).not.toContain("Use the suggested follow-up");
  });

  it("says how to get a suggestion when no reply template names {quotation}", async () => {
    templates = templates.filter((tpl) => !tpl.text.includes("{quotation}"));
    const page = await get(`/staff/leads/${ids.mine}`);
    expect(page).toContain("Quotation Q-2026-00042 v2 unanswered for 6 days.");
    expect(buttons(page)).not.toContain("Use the suggested follow-up");
    expect(page).toContain("Add a reply template that names {quotation} in the studio to get a suggested follow-up here.");
  });
});
