import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import { testDatabasePerFile } from "../../../test-support/databases";
import { insertLead, insertQuotation } from "../../../test-support/leads";
import { runDigest, type DigestStaff } from "../digest";
import { unansweredQuotationsSection } from "./unanswered-digest";

// The morning digest's line for quotations the buyer has not answered (decision 0158): each member's
// own and the ones nobody has, the buyer by company and country only. The store's rules are
// server/leads/unanswered-quotations.test.ts's.

describe("the digest's unanswered quotations", () => {
  const handle = testDatabasePerFile("PGlite");
  const morning = new Date("2026-12-07T02:00:00Z"); // 08:00 in Dhaka
  const staffList: DigestStaff[] = [
    { id: "u-sales", name: "Sam Sales", email: "sam@ssl.test", role: "sales" },
    { id: "u-hr", name: "Hana HR", email: "hana@ssl.test", role: "hr" },
  ];
  const quotation = async (company: string, assignee: string | null, sentDaysAgo: number) => {
    const id = await insertLead(handle.db, { form: "quote", fields: { name: "Jo Buyer", email: "jo@buyer.test", company, country: "DE" }, status: "quoted" });
    await rows(handle.db, sql`update leads set assignee_id = ${assignee}, awaiting_since = null where id = ${id}`);
    const sentAt = new Date(morning.getTime() - sentDaysAgo * 86_400_000);
    await insertQuotation(handle.db, {
      leadId: id,
      version: 1,
      status: "sent",
      sentAt,
      validUntil: "2026-12-31",
      lines: [{ quantity: 10, unitPriceMinor: 1000n, currency: "USD" }],
    });
    const [lead] = await rows<{ reference: string }>(handle.db, sql`select reference from leads where id = ${id}`);
    return { id, reference: lead!.reference };
  };

  beforeEach(async () => {
    for (const table of ["mail_jobs", "scheduled_runs", "quotation_lines", "quotations", "lead_events", "leads"])
      await rows(handle.db, sql.raw(`delete from ${table}`));
  });

  it("names each quotation, its buyer's company and country, its total and validity, with a link to its lead", async () => {
    const sams = await quotation("Acme GmbH", "u-sales", 6);
    await quotation("Recent GmbH", "u-sales", 2);
    const nobodys = await quotation("", null, 9);
    await runDigest(
      {
        db: handle.db,
        from: "SSL website <website@ssl.test>",
        origin: () => "https://www.ssl.test",
        listStaff: async () => staffList,
        timeZone: "Asia/Dhaka",
        extraSections: unansweredQuotationsSection({ db: handle.db }),
      },
      morning,
    );
    const jobs = await rows<{ recipients: string; eml: Uint8Array }>(handle.db, sql`select recipients, eml from mail_jobs where kind like 'digest:%'`);
    expect(jobs.map((j) => j.recipients)).toEqual(["sam@ssl.test"]);
    const text = (await simpleParser(Buffer.from(jobs[0]!.eml))).text ?? "";
    const section = text.slice(text.indexOf("Quotations not answered")).split("\n\n")[0];
    expect(section).toBe(
      [
        "Quotations not answered for 5 days or more: time to follow up (2):",
        `- ${nobodys.reference} v1, a buyer in Germany (DE), USD 100.00, valid until 2026-12-31: https://www.ssl.test/staff/leads/${nobodys.id}`,
        `- ${sams.reference} v1, Acme GmbH, Germany (DE), USD 100.00, valid until 2026-12-31: https://www.ssl.test/staff/leads/${sams.id}`,
      ].join("\n"),
    );
    expect(text).not.toContain("Jo Buyer");
  });
});
