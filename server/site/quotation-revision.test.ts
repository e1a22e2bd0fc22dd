import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../app/lib/contracts/server-settings";
import { rows } from "../db/db";
import { insertLead } from "../../test-support/leads";
import { harbourQuoteRequest, requestedDenimJacket, sendQuotationDraft } from "../../test-support/quotations";
import { addTestAccount, type TestBrowser } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";
import { inboxWith } from "../staff/inbox/routes";
import { quotationRenderer } from "../staff/quotations/documents";
import { mountPipeline } from "../staff/quotations/pipeline-routes";
import { mountQuotations, quotationLeadSection } from "../staff/quotations/routes";
import { quotationSender } from "../staff/quotations/send";
import { tableByCaption } from "../../test-support/html-tables";

// An accepted quotation is a promise kept (decision 0137): after the buyer accepts, a new version is
// only a revision, with a reason, and the accepted version stays accepted — in the desk, in the
// pipeline's figures and on the buyer's page. Above the store: PGlite only.

const request = harbourQuoteRequest([{ ...requestedDenimJacket, quantity: 1000 }]);

/** The editor's form with one line at `price` EUR, as the browser posts it. */
const editorForm = (quotation: string, price: string, extra: Record<string, string> = {}) => ({
  quotation,
  lines: "1",
  intent: "send",
  validUntil: "2026-12-28",
  incoterm: "FOB",
  namedPlace: "Chittagong",
  "line-0-product": "Men Denim Jacket",
  "line-0-quantity": "1000",
  "line-0-colours": "3",
  "line-0-sizes": "S-XL",
  "line-0-price": price,
  "line-0-currency": "EUR",
  ...extra,
});

describe("revising an accepted quotation on PGlite", () => {
  let clock = new Date("2026-11-28T09:00:00Z");
  const now = () => clock;
  const settings = () => quotationSettingsDefaults;
  const render = quotationRenderer({ settings, logo: async () => undefined });
  const { leads, server } = staffSuite("PGlite", (db) => ({
    desk: {
      routes: [
        inboxWith({ leadSections: [quotationLeadSection] }),
        mountQuotations({
          settings,
          now,
          pdf: render,
          send: (desk) => quotationSender({ desk, render, settings, now, origin: () => "http://www.ssl.example" }),
        }),
        mountPipeline({ timeZone: "Asia/Dhaka", now }),
      ],
      mailFrom: "SSL website <website@ssl.example>",
      mailAddresses: { sales: "sales@ssl.example" },
    },
    app: { quotations: { db, now, mail: { from: "SSL website <website@ssl.example>", sales: "sales@ssl.example" } } },
  }));
  beforeEach(() => {
    clock = new Date("2026-11-28T09:00:00Z");
  });

  const buyer = () => server.browser();
  const draftId = async (id: number) =>
    String((await rows<{ id: number | string }>(leads.db, sql`select id from quotations where lead_id = ${id} and status = 'draft'`))[0]!.id);
  const lastQuotationMail = async (id: number) => {
    const [job] = await rows<{ eml: Uint8Array }>(
      leads.db,
      sql`select eml from mail_jobs where lead_id = ${id} and kind like 'quotation:%' order by id desc limit 1`,
    );
    return simpleParser(Buffer.from(job!.eml));
  };
  const linkOf = (text: string | undefined) => /http:\/\/[^/\s]+(\/quotation\/[A-Za-z0-9_-]{43})/.exec(text ?? "")![1]!;
  const novemberAccepted = async (sales: TestBrowser) => {
    const html = await (await sales.request("/staff/quotations")).text();
    const months = tableByCaption(html, "Quotations accepted and declined per month of the buyer's answer, value per currency");
    return months.find((r) => r[0] === "2026-11")!.slice(0, 3);
  };

  /** v1 at EUR 19.45 × 1,000 = EUR 19,450.00, sent on 28 November and accepted by the buyer the same day. */
  async function acceptedLead() {
    const id = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00042" });
    await addTestAccount(leads.db, "sales");
    const sales = server.browser();
    await sales.signIn("sales@example.com");
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const { response: sent } = await sendQuotationDraft(sales, id, editorForm(await draftId(id), "19.45"));
    expect(sent.status, await sent.clone().text()).toBe(303);
    const v1 = linkOf((await lastQuotationMail(id)).text);
    const accepted = await buyer().post(`${v1}/accept`, { name: "Li Wei", position: "Head of sourcing" }, { "sec-fetch-site": "same-origin" });
    expect(accepted.status).toBe(303);
    return { id, sales, v1 };
  }

  /** The revision: a new draft (a copy of v1) sent at a new price with `reason`. */
  async function sendRevision(sales: TestBrowser, id: number, price: string, reason: string) {
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    return (await sendQuotationDraft(sales, id, editorForm(await draftId(id), price, { revisionReason: reason }))).response;
  }

  it("offers no silent new version after an acceptance: only “Revise the accepted quotation”, whose editor asks for the reason", async () => {
    const { id, sales } = await acceptedLead();
    const page = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(page).not.toContain("Prepare a quotation");
    expect(page).toContain("Revise the accepted quotation");
    expect(page).toContain("Q-2026-00042 v1 was accepted by Li Wei on 2026-11-28 09:00 UTC. It stays accepted");
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const editor = await (await sales.request(`/staff/leads/${id}/quotation`)).text();
    expect(editor).toContain("Revision of the accepted quotation Q-2026-00042 v1");
    expect(editor).toContain('<label for="revisionReason">Reason for revising the accepted quotation</label>');
    expect(editor).toContain("Review the revision&#39;s e-mail to the buyer");
  }, 60_000);

  it("refuses to send a revision without its reason (400, the message at the field, the typed price kept, nothing sent); with it, records the reason on the timeline and in the audit log and tells the buyer", async () => {
    const { id, sales } = await acceptedLead();
    clock = new Date("2026-11-29T09:00:00Z");
    const refused = await sendRevision(sales, id, "19.90", "  ");
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Reason for revising the accepted quotation: write why it changes; the buyer has accepted it.");
    expect(html).toContain('href="#revisionReason"');
    expect(html).toContain('name="line-0-price" type="text" value="19.90"');
    expect(await rows(leads.db, sql`select version, status from quotations where lead_id = ${id} and version is not null order by version`)).toEqual([
      { version: 1, status: "accepted" },
    ]);

    const reason = "Cotton rose 4% since the acceptance; the buyer agreed on the phone.";
    const sent = await sendRevision(sales, id, "19.90", reason);
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(
      await rows(
        leads.db,
        sql`select version, status, revises_version, revision_reason from quotations where lead_id = ${id} and version is not null order by version`,
      ),
    ).toEqual([
      { version: 1, status: "accepted", revises_version: null, revision_reason: null },
      { version: 2, status: "sent", revises_version: 1, revision_reason: reason },
    ]);
    const page = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(page).toContain("Now: accepted");
    expect(page).toContain("Sales Person revised the accepted quotation v1; the buyer is told in the revision&#39;s e-mail. Reason:<blockquote>");
    expect(page).toContain(reason);
    expect(page).toContain("revision of v1");
    const [audit] = await rows<{ action: string; target: string; detail: unknown }>(
      leads.db,
      sql`select action, target, detail from staff_audit where action = 'quotation.revise'`,
    );
    expect(audit).toMatchObject({ action: "quotation.revise", target: `lead:${id}` });
    expect(typeof audit!.detail === "string" ? JSON.parse(audit!.detail) : audit!.detail).toEqual({ version: 2, revises: 1, reason });
    const mail = await lastQuotationMail(id);
    expect(mail.text).toContain("Please find attached our quotation Q-2026-00042 v2: a revision of Q-2026-00042 v1, which you accepted on 28 November 2026.");
    expect(mail.text).toContain("Q-2026-00042 v1 stays accepted as it is until you accept this revision.");
    expect(mail.text).not.toContain(reason);
  }, 60_000);

  it("keeps the month's accepted count and value when a revision is sent; the buyer's acceptance of the revision counts the request once", async () => {
    const { id, sales } = await acceptedLead();
    expect(await novemberAccepted(sales)).toEqual(["2026-11", "1", "19,450.00"]);
    clock = new Date("2026-11-29T09:00:00Z");
    expect((await sendRevision(sales, id, "19.90", "Cotton rose 4%.")).status).toBe(303);
    expect(await novemberAccepted(sales)).toEqual(["2026-11", "1", "19,450.00"]);
    const v2 = linkOf((await lastQuotationMail(id)).text);
    expect((await buyer().post(`${v2}/accept`, { name: "Li Wei", position: "Head of sourcing" }, { "sec-fetch-site": "same-origin" })).status).toBe(303);
    expect(await novemberAccepted(sales)).toEqual(["2026-11", "1", "19,900.00"]);
  }, 60_000);

  it("tells the buyer on the accepted version's page that he accepted it, when, and that a revision was sent; then that he accepted the revision", async () => {
    const { id, sales, v1 } = await acceptedLead();
    clock = new Date("2026-11-29T09:00:00Z");
    expect((await sendRevision(sales, id, "19.90", "Cotton rose 4%.")).status).toBe(303);
    const page = await (await buyer().request(v1)).text();
    expect(page).toContain("Accepted by Li Wei, Head of sourcing on 2026-11-28 09:00 UTC.");
    expect(page).toContain(
      "On 2026-11-29 09:00 UTC we sent you a revision of it, v2: the link is in that e-mail. This version stays accepted as it is until you accept the revision.",
    );
    expect(page).not.toContain("can no longer be accepted");
    expect(page).not.toContain("<form");
    const again = await buyer().post(`${v1}/decline`, { reason: "" }, { "sec-fetch-site": "same-origin" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This quotation has been answered already.");

    const v2 = linkOf((await lastQuotationMail(id)).text);
    expect((await buyer().post(`${v2}/accept`, { name: "Li Wei", position: "Head of sourcing" }, { "sec-fetch-site": "same-origin" })).status).toBe(303);
    const after = await (await buyer().request(v1)).text();
    expect(after).toContain("Accepted by Li Wei, Head of sourcing on 2026-11-28 09:00 UTC.");
    expect(after).toContain("You then accepted its revision, v2, which replaces it.");
  }, 60_000);
});
