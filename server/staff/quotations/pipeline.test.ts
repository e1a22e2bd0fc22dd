import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { rows, type LeadsDatabase } from "../../db/db";
import { aboveTheStore, drivers, onBothDrivers } from "../../../test-support/databases";
import { insertLead, insertQuotation } from "../../../test-support/leads";
import { addTestAccount } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { runDigest, type DigestStaff } from "../digest";
import { expiringQuotationsSection } from "./expiring-digest";
import { mountPipeline } from "./pipeline-routes";
import { csvRecords } from "../../../test-support/csv";
import { tableByCaption } from "../../../test-support/html-tables";

const zone = "Asia/Dhaka";
const now = new Date("2026-11-28T09:00:00Z");
const at = (iso: string) => new Date(iso);

async function referenceOf(db: LeadsDatabase["db"], id: number): Promise<string> {
  const [row] = await rows<{ reference: string }>(db, sql`select reference from leads where id = ${id}`);
  return row!.reference;
}

async function quoteLead(
  db: LeadsDatabase["db"],
  { company, country, receivedAt, assignee = null }: { company: string; country: string; receivedAt: Date; assignee?: string | null },
) {
  const id = await insertLead(db, {
    form: "quote",
    fields: { name: `Buyer of ${company}`, email: "buyer@x.test", company, country, products: [] },
    receivedAt,
    reference: null,
  });
  if (assignee) await db.execute(sql`update leads set assignee_id = ${assignee} where id = ${id}`);
  return id;
}

describe.each(drivers)("the quotations pipeline on %s", (driver) => {
  // The report's and the digest's queries (server/leads/pipeline.ts, quotation-expiry.ts) on both; the rest on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const { leads, server, signedIn } = staffSuite(driver, { desk: { routes: [mountPipeline({ timeZone: zone, now: () => now })] } });

  /** Quotations of known values and times (28 November 2026, 15:00 in Dhaka; 12 months: December 2025 to November 2026). */
  async function fixtures() {
    const db = leads.db;
    // Open, expires in 4 days: EUR 13,875.00 and USD 3,840.00; requested 2 days before.
    const a = await quoteLead(db, { company: "Harbour Trading", country: "DE", receivedAt: at("2026-11-01T00:00:00Z") });
    await insertQuotation(db, {
      leadId: a,
      version: 1,
      status: "sent",
      sentAt: at("2026-11-03T00:00:00Z"),
      validUntil: "2026-12-02",
      lines: [
        { productRef: "men/denim-jacket", quantity: 1500, unitPriceMinor: 925n, currency: "EUR" },
        { productRef: "men/hoodie", quantity: 600, unitPriceMinor: 640n, currency: "USD" },
      ],
    });
    // v1 superseded, v2 accepted at 02:00 on 1 November in Dhaka (still 31 October in UTC): USD 12,000.00 and BDT 105,250.00 in November.
    const b = await quoteLead(db, { company: "Ocean Imports", country: "US", receivedAt: at("2026-10-01T00:00:00Z") });
    await insertQuotation(db, {
      leadId: b,
      version: 1,
      status: "superseded",
      sentAt: at("2026-10-02T00:00:00Z"),
      validUntil: "2026-11-01",
      lines: [{ productRef: "women/dress", quantity: 1000, unitPriceMinor: 1300n, currency: "USD" }],
    });
    await insertQuotation(db, {
      leadId: b,
      version: 2,
      status: "accepted",
      sentAt: at("2026-10-05T00:00:00Z"),
      validUntil: "2026-11-04",
      respondedAt: at("2026-10-31T20:00:00Z"),
      lines: [
        { productRef: "women/dress", quantity: 1000, unitPriceMinor: 1200n, currency: "USD" },
        { productRef: "women/scarf", quantity: 500, unitPriceMinor: 21050n, currency: "BDT" },
      ],
    });
    // Declined in September: EUR 6,000.00.
    const c = await quoteLead(db, { company: "Nord Retail", country: "DE", receivedAt: at("2026-09-10T00:00:00Z") });
    await insertQuotation(db, {
      leadId: c,
      version: 1,
      status: "declined",
      sentAt: at("2026-09-12T00:00:00Z"),
      validUntil: "2026-10-12",
      respondedAt: at("2026-09-20T06:00:00Z"),
      lines: [{ productRef: "men/t-shirt", quantity: 2000, unitPriceMinor: 300n, currency: "EUR" }],
    });
    // Open, 32 days to go: USD 1,100.00 and BDT 50,000.00.
    const d = await quoteLead(db, { company: "Thames Goods", country: "GB", receivedAt: at("2026-11-20T00:00:00Z") });
    await insertQuotation(db, {
      leadId: d,
      version: 1,
      status: "sent",
      sentAt: at("2026-11-22T00:00:00Z"),
      validUntil: "2026-12-30",
      lines: [
        { productRef: "nontextile/tote-bag", quantity: 1000, unitPriceMinor: 110n, currency: "USD" },
        { productRef: "", product: "Printed label", quantity: 100, unitPriceMinor: 50000n, currency: "BDT" },
      ],
    });
    // Expired in September: lost.
    const e = await quoteLead(db, { company: "Rhein Mode", country: "DE", receivedAt: at("2026-08-01T00:00:00Z") });
    await insertQuotation(db, {
      leadId: e,
      version: 1,
      status: "expired",
      sentAt: at("2026-08-05T00:00:00Z"),
      validUntil: "2026-09-04",
      lines: [{ productRef: "men/hoodie", quantity: 100, unitPriceMinor: 500n, currency: "USD" }],
    });
    // Past its last day, not yet marked expired: not open. Withdrawn: not open.
    const f = await quoteLead(db, { company: "Late Ltd", country: "FR", receivedAt: at("2026-10-26T00:00:00Z") });
    await insertQuotation(db, {
      leadId: f,
      version: 1,
      status: "sent",
      sentAt: at("2026-10-28T00:00:00Z"),
      validUntil: "2026-11-27",
      lines: [{ productRef: "men/polo", quantity: 1, unitPriceMinor: 100n, currency: "EUR" }],
    });
    const g = await quoteLead(db, { company: "Withdrawn Co", country: "FR", receivedAt: at("2026-11-10T00:00:00Z") });
    await insertQuotation(db, {
      leadId: g,
      version: 1,
      status: "revoked",
      sentAt: at("2026-11-10T12:00:00Z"),
      validUntil: "2026-12-05",
      revokedAt: at("2026-11-11T00:00:00Z"),
      lines: [{ productRef: "men/polo", quantity: 1, unitPriceMinor: 100n, currency: "EUR" }],
    });
    return { a, d };
  }

  onBothDrivers(
    "shows sales the open quotations, the months, the win rates and the days to a first quotation, exactly, never adding currencies; each table's CSV is the table",
    async () => {
      const { a, d } = await fixtures();
      const [refA, refD] = [await referenceOf(leads.db, a), await referenceOf(leads.db, d)];
      const sales = await signedIn("sales");
      const page = await sales.request("/staff/quotations");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<a href="\/staff\/quotations" aria-current="page">Quotations<\/a>/);
      expect(html).toContain("<svg");
      expect(html).toContain('<title id="open-EUR-title">Open quotations&#39; value in EUR by days to expiry</title>');
      expect(html).toContain(
        "0–7 days: USD 3,840.00; 8–14 days: USD 0.00; 15–30 days: USD 0.00; over 30 days: USD 1,100.00. The table below has the same figures.",
      );

      const open = tableByCaption(html, "Open quotations, soonest to expire first");
      expect(open).toEqual([
        ["Quotation", "Buyer", "Country", "Valid until", "Days to expiry", "Value (BDT)", "Value (EUR)", "Value (USD)"],
        [`${refA} v1`, "Harbour Trading", "Germany (DE)", "2026-12-02", "4", "", "13,875.00", "3,840.00"],
        [`${refD} v1`, "Thames Goods", "United Kingdom (GB)", "2026-12-30", "32", "50,000.00", "", "1,100.00"],
      ]);
      expect(html).toContain(`<a href="/staff/leads/${a}">${refA} v1</a>`);
      expect(tableByCaption(html, "Open quotations by days to expiry, value per currency")).toEqual([
        ["Days to expiry", "Quotations", "Value (BDT)", "Value (EUR)", "Value (USD)"],
        ["0–7 days", "1", "0.00", "13,875.00", "3,840.00"],
        ["8–14 days", "0", "0.00", "0.00", "0.00"],
        ["15–30 days", "0", "0.00", "0.00", "0.00"],
        ["over 30 days", "1", "50,000.00", "0.00", "1,100.00"],
        ["All open", "2", "50,000.00", "13,875.00", "4,940.00"],
      ]);

      const months = tableByCaption(html, "Quotations accepted and declined per month of the buyer's answer, value per currency");
      expect(months[0]).toEqual([
        "Month",
        "Accepted",
        "Accepted value (BDT)",
        "Accepted value (EUR)",
        "Accepted value (USD)",
        "Declined",
        "Declined value (BDT)",
        "Declined value (EUR)",
        "Declined value (USD)",
      ]);
      expect(months.slice(1).map((r) => r[0])).toEqual([
        "2025-12",
        "2026-01",
        "2026-02",
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
        "2026-07",
        "2026-08",
        "2026-09",
        "2026-10",
        "2026-11",
      ]);
      expect(months.find((r) => r[0] === "2026-11")).toEqual(["2026-11", "1", "105,250.00", "0.00", "12,000.00", "0", "0.00", "0.00", "0.00"]);
      expect(months.find((r) => r[0] === "2026-10")).toEqual(["2026-10", "0", "0.00", "0.00", "0.00", "0", "0.00", "0.00", "0.00"]);
      expect(months.find((r) => r[0] === "2026-09")).toEqual(["2026-09", "0", "0.00", "0.00", "0.00", "1", "0.00", "6,000.00", "0.00"]);

      expect(tableByCaption(html, "Win rate per product family (requests whose newest quotation was settled)")).toEqual([
        ["Product family", "Won (accepted)", "Lost (declined or expired)", "Win rate"],
        ["Men", "0", "2", "0 %"],
        ["Women", "1", "0", "100 %"],
      ]);
      expect(tableByCaption(html, "Win rate per buyer country (requests whose newest quotation was settled)")).toEqual([
        ["Buyer country", "Won (accepted)", "Lost (declined or expired)", "Win rate"],
        ["Germany (DE)", "0", "2", "0 %"],
        ["United States of America (US)", "1", "0", "100 %"],
      ]);
      // First quotations: November 2, 2 and 0.5 days; October 1 and 2; September 2; August 4 — 13.5 days over 7 requests.
      const first = tableByCaption(html, "Days from a request to its first quotation, per month the first quotation was sent");
      expect(first.find((r) => r[0] === "2026-11")).toEqual(["2026-11", "3", "1.5"]);
      expect(first.find((r) => r[0] === "2026-10")).toEqual(["2026-10", "2", "1.5"]);
      expect(first.find((r) => r[0] === "2026-08")).toEqual(["2026-08", "1", "4.0"]);
      expect(first.at(-1)).toEqual(["All 12 months", "7", "1.9"]);

      for (const [id, caption] of [
        ["open", "Open quotations, soonest to expire first"],
        ["open-by-expiry", "Open quotations by days to expiry, value per currency"],
        ["months", "Quotations accepted and declined per month of the buyer's answer, value per currency"],
        ["families", "Win rate per product family (requests whose newest quotation was settled)"],
        ["countries", "Win rate per buyer country (requests whose newest quotation was settled)"],
        ["first-quotation", "Days from a request to its first quotation, per month the first quotation was sent"],
      ] as const) {
        expect(html).toContain(`href="/staff/quotations/${id}.csv"`);
        const csv = await sales.request(`/staff/quotations/${id}.csv`);
        expect(csv.status).toBe(200);
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(csvRecords(await csv.text())).toEqual(tableByCaption(html, caption));
      }
      expect((await sales.request("/staff/quotations/nothing.csv")).status).toBe(404);
      const [exported] = await rows<{ n: number | string }>(leads.db, sql`select count(*) as n from staff_audit where action = 'quotation.export'`);
      expect(Number(exported!.n)).toBe(6);
    },
    60_000,
  );

  it("says once that no quotation is open when none is, with no empty tables under it", async () => {
    const sales = await signedIn("sales");
    const html = await (await sales.request("/staff/quotations")).text();
    expect(html.split("No quotation is open.")).toHaveLength(2);
    expect(html).not.toContain("<caption>Open quotations, soonest to expire first</caption>");
  }, 60_000);

  it("opens for admins; hr and editors get 403 (page and CSV) and no link", async () => {
    for (const role of ["admin", "hr", "editor"] as const) await addTestAccount(leads.db, role);
    const admin = server.browser();
    await admin.signIn("admin@example.com");
    expect((await admin.request("/staff/quotations")).status).toBe(200);
    for (const role of ["hr", "editor"] as const) {
      const member = server.browser();
      await member.signIn(`${role}@example.com`);
      const refused = await member.request("/staff/quotations");
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Open quotations");
      expect((await member.request("/staff/quotations/open.csv")).status).toBe(403);
      expect(await (await member.request("/staff/password")).text()).not.toContain('href="/staff/quotations"');
    }
    expect((await server.browser().request("/staff/quotations")).status).toBe(303);
  }, 60_000);

  onBothDrivers(
    "puts in each member's morning digest exactly the open quotations on their leads expiring within 7 days; an admin also those nobody else handles",
    async () => {
      const db = leads.db;
      const staffList: DigestStaff[] = [
        { id: "u-sales", name: "Sam Sales", email: "sam@ssl.test", role: "sales" },
        { id: "u-sales-2", name: "Sue Sales", email: "sue@ssl.test", role: "sales" },
        { id: "u-admin", name: "Ada Admin", email: "ada@ssl.test", role: "admin" },
        { id: "u-hr", name: "Hana HR", email: "hana@ssl.test", role: "hr" },
      ];
      const line = (minor: bigint, currency: string) => ({ productRef: "men/hoodie", quantity: 10, unitPriceMinor: minor, currency });
      const quotation = async (company: string, assignee: string | null, validUntil: string, status = "sent", lines = [line(1000n, "USD")]) => {
        const leadId = await quoteLead(db, { company, country: "DE", receivedAt: at("2026-11-01T00:00:00Z"), assignee });
        await insertQuotation(db, { leadId, version: 1, status, sentAt: at("2026-11-02T00:00:00Z"), validUntil, lines });
        return leadId;
      };
      const samsToday = await quotation("Today GmbH", "u-sales", "2026-11-28", "sent", [line(925n, "EUR"), line(640n, "USD"), line(21050n, "BDT")]);
      const samsLastDay = await quotation("Seventh Day AG", "u-sales", "2026-12-05");
      await quotation("Eighth Day AG", "u-sales", "2026-12-06");
      await quotation("Yesterday AG", "u-sales", "2026-11-27");
      await quotation("Answered AG", "u-sales", "2026-12-01", "accepted");
      await quotation("Withdrawn AG", "u-sales", "2026-12-01", "revoked");
      const sues = await quotation("Sue's Buyer", "u-sales-2", "2026-12-03");
      const nobodys = await quotation("Nobody's Buyer", null, "2026-12-02");
      const hrs = await quotation("Left With HR", "u-hr", "2026-12-04");
      const admins = await quotation("Admin's Own", "u-admin", "2026-12-01");

      // 08:00 in Dhaka on Saturday 28 November.
      const morning = at("2026-11-28T02:00:00Z");
      const options = { db, from: "SSL website <website@ssl.test>", origin: () => "https://www.ssl.test", listStaff: async () => staffList, timeZone: zone };
      await runDigest({ ...options, extraSections: expiringQuotationsSection({ db, listStaff: options.listStaff }) }, morning);
      const jobs = await rows<{ recipients: string; eml: Uint8Array }>(db, sql`select recipients, eml from mail_jobs order by recipients`);
      const texts = new Map(await Promise.all(jobs.map(async (j) => [j.recipients, (await simpleParser(Buffer.from(j.eml))).text ?? ""] as const)));
      const section = (text: string) => text.slice(text.indexOf("Quotations expiring within 7 days")).split("\n\n")[0]!;
      expect(section(texts.get("sam@ssl.test")!)).toBe(
        [
          "Quotations expiring within 7 days (2):",
          `- ${await referenceOf(db, samsToday)} v1, Today GmbH, Germany (DE), EUR 92.50 and USD 64.00 and BDT 2,105.00, valid until 2026-11-28: https://www.ssl.test/staff/leads/${samsToday}`,
          `- ${await referenceOf(db, samsLastDay)} v1, Seventh Day AG, Germany (DE), USD 100.00, valid until 2026-12-05: https://www.ssl.test/staff/leads/${samsLastDay}`,
        ].join("\n"),
      );
      expect(section(texts.get("sue@ssl.test")!)).toBe(
        `Quotations expiring within 7 days (1):\n- ${await referenceOf(db, sues)} v1, Sue's Buyer, Germany (DE), USD 100.00, valid until 2026-12-03: https://www.ssl.test/staff/leads/${sues}`,
      );
      const ada = section(texts.get("ada@ssl.test")!);
      expect(
        ada
          .split("\n")
          .map((l) => /staff\/leads\/(\d+)$/.exec(l)?.[1])
          .filter(Boolean),
      ).toEqual([String(admins), String(nobodys), String(hrs)]);
      expect(texts.has("hana@ssl.test")).toBe(false);
      for (const text of texts.values()) expect(text).not.toContain("Buyer of");
    },
    60_000,
  );
});
