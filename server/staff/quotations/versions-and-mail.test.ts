import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../../app/lib/contracts/server-settings";
import { formFields } from "../../../test-support/html-forms";
import { tableByCaption } from "../../../test-support/html-tables";
import { insertLead } from "../../../test-support/leads";
import { harbourQuoteRequest, quotationMailPath, sendQuotationDraft } from "../../../test-support/quotations";
import type { TestBrowser } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { rows } from "../../db/db";
import { storeInboundMessages } from "../../leads/conversations";
import { inboxWith } from "../inbox/routes";
import { quotationRenderer } from "./documents";
import { mountQuotations, quotationLeadSection } from "./routes";
import { quotationSender } from "./send";

// A version's page with what changed from the one before, and the covering e-mail shown, edited and
// sent as shown (decision 0151). Above the store: PGlite only (decision 0143).

const request = harbourQuoteRequest();

/** A page's element by selector, as text. */
const textOf = (html: string, selector: string) => {
  const window = new Window();
  window.document.write(html);
  return window.document.querySelector(selector)?.textContent ?? null;
};

describe("a quotation's versions and their e-mail on PGlite", () => {
  let clock = new Date("2026-11-28T09:00:00Z");
  const now = () => clock;
  const settings = () => quotationSettingsDefaults;
  const render = quotationRenderer({ settings, logo: async () => undefined });
  const { leads, signedIn } = staffSuite("PGlite", {
    desk: {
      routes: [
        inboxWith({ leadSections: [quotationLeadSection] }),
        mountQuotations({
          settings,
          now,
          pdf: render,
          send: (desk) => quotationSender({ desk, render, settings, now, origin: () => "https://www.ssl.example" }),
        }),
      ],
      mailFrom: "SSL website <website@ssl.example>",
      mailAddresses: { sales: "sales@ssl.example" },
    },
  });
  beforeEach(() => {
    clock = new Date("2026-11-28T09:00:00Z");
  });

  const editorPath = (id: number) => `/staff/leads/${id}/quotation`;
  const quotationJobs = (id: number) =>
    rows<{ eml: Uint8Array }>(leads.db, sql`select eml from mail_jobs where lead_id = ${id} and kind like 'quotation:%' order by id`);
  const lastMail = async (id: number) => simpleParser(Buffer.from((await quotationJobs(id)).at(-1)!.eml));

  /** A new draft (the request's lines, or a copy of the last version), its editor's fields as the browser would post them, changed by `change`. */
  async function draftForm(sales: TestBrowser, id: number, change: Record<string, string>) {
    expect((await sales.post(`${editorPath(id)}/draft`, {})).status).toBe(303);
    return { ...formFields(await (await sales.request(editorPath(id))).text(), editorPath(id)), ...change };
  }

  async function leadWithSales() {
    const id = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00042" });
    return { id, sales: await signedIn("sales") };
  }

  /** v1: 1,500 jackets at EUR 9.25 and 600 hoodies at USD 6.40, FOB Chittagong, valid until 28 December. */
  const v1Form = {
    "line-0-product": "Men Denim Jacket",
    "line-0-price": "9.25",
    "line-1-product": "Men Hoodie",
    "line-1-price": "6.40",
    namedPlace: "Chittagong",
    paymentTerms: "30% deposit, 70% against copy of documents",
    leadTime: "90 days",
  };

  it("shows what changed from the previous version, line by line, each term and each currency's total, in words", async () => {
    const { id, sales } = await leadWithSales();
    expect((await sendQuotationDraft(sales, id, await draftForm(sales, id, v1Form))).response.status).toBe(303);
    clock = new Date("2026-11-29T09:00:00Z");
    // v2: more jackets at a lower price, the hoodies dropped, tote bags added, CIF Hamburg, a later validity.
    const v2Form = await draftForm(sales, id, {
      "line-0-quantity": "2000",
      "line-0-price": "8.90",
      "line-1-remove": "1",
      "line-2-product": "Cotton tote bag",
      "line-2-quantity": "2000",
      "line-2-price": "1.10",
      "line-2-currency": "USD",
      incoterm: "CIF",
      namedPlace: "Hamburg",
      validUntil: "2027-01-15",
    });
    expect((await sendQuotationDraft(sales, id, v2Form)).response.status).toBe(303);

    const lead = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(lead).toContain(`<a href="/staff/leads/${id}/quotation/v2">Changes from v1</a>`);
    expect(lead, "the first version has none before it").not.toContain("Changes from v0");
    // The history's step links there too.
    expect(lead).toContain(`Sales Person sent quotation v2. <a href="/staff/leads/${id}/quotation/v2">Changes from v1</a>`);

    const page = await sales.request(`/staff/leads/${id}/quotation/v2`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Quotation Q-2026-00042 v2</h1>");
    expect(html).toContain("Status: sent. Sent on 2026-11-29 09:00 UTC by Sales Person.");
    expect(html).toContain('<h2 id="changes-heading">What changed from v1</h2>');
    expect(html).toContain("From v1: 1 line added, 1 line removed, 1 line changed, 2 terms changed.");
    // Each table scrolls in its own focusable frame named by its caption on a phone (decision 0139).
    expect(html).toContain('<div class="table-frame" role="region" aria-label="Lines, v1 → v2" tabindex="0"><table><caption>Lines, v1 → v2</caption>');
    expect(tableByCaption(html, "Lines, v1 → v2")).toEqual([
      ["Product", "Change", "Quantity (pieces)", "Unit price", "Line total"],
      ["Men Denim Jacket", "Changed", "Changed: 1,500 → 2,000", "Changed: EUR 9.25 → EUR 8.90", "Changed: EUR 13,875.00 → EUR 17,800.00"],
      ["Cotton tote bag", "Added", "2,000", "USD 1.10", "USD 2,200.00"],
      ["Men Hoodie", "Removed", "600", "USD 6.40", "USD 3,840.00"],
    ]);
    expect(html).toMatch(/<th scope="col">Change<\/th>/);
    expect(html).toMatch(/<th scope="row">Men Denim Jacket<\/th>/);
    expect(tableByCaption(html, "Terms, v1 → v2")).toEqual([
      ["Term", "Before → after"],
      ["Incoterm and named place", "Changed: FOB Chittagong → CIF Hamburg"],
      ["Payment terms", "Unchanged: 30% deposit, 70% against copy of documents"],
      ["Lead time or shipment date", "Unchanged: 90 days"],
      ["Valid until", "Changed: 2026-12-28 → 2027-01-15"],
      ["Currencies", "Unchanged: EUR, USD"],
      ["Sample terms", `Unchanged: ${quotationSettingsDefaults.sampleTerms || "none"}`],
      ["Other terms", `Unchanged: ${quotationSettingsDefaults.terms || "none"}`],
    ]);
    expect(tableByCaption(html, "Totals per currency, v1 → v2")).toEqual([
      ["Currency", "Before → after"],
      ["EUR", "Changed: EUR 13,875.00 → EUR 17,800.00"],
      ["USD", "Changed: USD 3,840.00 → USD 2,200.00"],
    ]);

    const first = await (await sales.request(`/staff/leads/${id}/quotation/v1`)).text();
    expect(first).toContain("This is the first version sent: there is no earlier one to compare it with.");
    expect((await sales.request(`/staff/leads/${id}/quotation/v3`)).status).toBe(404);
    const hr = await signedIn("hr");
    expect((await hr.request(`/staff/leads/${id}/quotation/v2`)).status).toBe(403);
  }, 60_000);

  it("shows the e-mail as it will go before sending, and sends the text as sales edited it, once", async () => {
    const { id, sales } = await leadWithSales();
    const reviewed = await sales.post(editorPath(id), { ...(await draftForm(sales, id, v1Form)), intent: "send" });
    expect(reviewed.status).toBe(303);
    expect(reviewed.headers.get("location")).toBe(quotationMailPath(id));
    expect(await quotationJobs(id), "nothing is sent before the e-mail is shown").toEqual([]);

    const shown = await sales.request(quotationMailPath(id));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("<h1>E-mail with the quotation for Q-2026-00042</h1>");
    for (const [term, value] of [
      ["From", "Sales Person via SSL &lt;sales@ssl.example&gt;"],
      ["To", "li@harbour.test"],
      ["Subject", "Re: Your quote request [Q-2026-00042]"],
      ["Attachment", "Q-2026-00042-v1.pdf"],
    ])
      expect(html).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    expect(html).toContain('<label for="text">Text of the e-mail</label>');
    expect(html).toContain("Nothing: this thread has no earlier message to quote.");
    expect(html, "the first version changes nothing before it").not.toContain("What changed from");
    expect(html).toContain('<button class="button" type="submit">Send to the buyer</button>');
    const fields = formFields(html, quotationMailPath(id));
    expect(fields.text).toContain("Please find attached our quotation Q-2026-00042 v1.");
    expect(fields.text).toContain("Total: EUR 13,875.00");
    const link = /https:\/\/www\.ssl\.example\/quotation\/[A-Za-z0-9_-]{43}/.exec(fields.text!)![0];

    // Without the private link the buyer could not answer: refused at the field, what was typed kept, nothing sent.
    const withoutLink = await sales.post(quotationMailPath(id), { ...fields, text: "Hello, see the attachment." });
    expect(withoutLink.status).toBe(400);
    const refused = await withoutLink.text();
    expect(refused).toContain(`Text of the e-mail: keep the quotation&#39;s private link, ${link}, the buyer answers on its page.`);
    expect(refused).toContain('href="#text"');
    expect(refused).toContain("Hello, see the attachment.</textarea>");
    expect(await quotationJobs(id)).toEqual([]);

    const edited = `Dear Li Wei,\n\nas agreed on the phone today, the jackets in 12 oz denim.\n\n${fields.text!}`;
    const sent = await sales.post(quotationMailPath(id), { ...fields, text: edited });
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(sent.headers.get("location")).toBe(`/staff/leads/${id}`);
    const mail = await lastMail(id);
    expect(mail.subject).toBe("Re: Your quote request [Q-2026-00042]");
    expect(mail.text, "what was sent is what was shown, as edited").toBe(`${edited.trim()}\n`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(["Q-2026-00042-v1.pdf"]);

    // The same form again (a second press, the back button) sends nothing more: there is no draft left to send, so to the request's page.
    const again = await sales.post(quotationMailPath(id), { ...fields, text: edited });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/staff/leads/${id}`);
    expect(await quotationJobs(id)).toHaveLength(1);
    const audit = await rows<{ action: string }>(leads.db, sql`select action from staff_audit where action = 'quotation.send'`);
    expect(audit).toHaveLength(1);
    expect((await rows<{ status: string }>(leads.db, sql`select status from leads where id = ${id}`))[0]!.status).toBe("quoted");
    expect(await (await sales.request(`/staff/leads/${id}`)).text()).toContain("as agreed on the phone today, the jackets in 12 oz denim.");
  }, 60_000);

  it("refuses a form that carries an earlier version's private link or message key: a 400 with what was typed, nothing sent", async () => {
    const { id, sales } = await leadWithSales();
    expect((await sales.post(editorPath(id), { ...(await draftForm(sales, id, v1Form)), intent: "send" })).status).toBe(303);
    const first = formFields(await (await sales.request(quotationMailPath(id))).text(), quotationMailPath(id));
    expect((await sales.post(quotationMailPath(id), first)).status).toBe(303);
    expect((await sales.post(editorPath(id), { ...(await draftForm(sales, id, { "line-0-price": "8.90" })), intent: "send" })).status).toBe(303);
    const second = formFields(await (await sales.request(quotationMailPath(id))).text(), quotationMailPath(id));

    for (const reused of <Record<string, string>[]>[
      { token: first.token!, text: `${first.text!}\nP.S. typed` },
      { key: first.key!, text: `${second.text!}\nP.S. typed` },
    ]) {
      const refused = await sales.post(quotationMailPath(id), { ...second, ...reused });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Someone sent a version of this quotation meanwhile; nothing was sent. Check the request&#39;s page.");
      expect(html).toContain("P.S. typed</textarea>");
      expect(await quotationJobs(id)).toHaveLength(1);
    }
    expect((await sales.post(quotationMailPath(id), second)).status).toBe(303);
    expect(await quotationJobs(id)).toHaveLength(2);
  }, 60_000);

  it("quotes the thread's previous message below the text as shown, and sends nothing when the draft or the thread changed after the e-mail was shown", async () => {
    const { id, sales } = await leadWithSales();
    expect((await sendQuotationDraft(sales, id, await draftForm(sales, id, v1Form))).response.status).toBe(303);
    const v1 = await lastMail(id);
    clock = new Date("2026-11-29T09:00:00Z");
    expect((await sales.post(editorPath(id), { ...(await draftForm(sales, id, { "line-0-price": "8.90" })), intent: "send" })).status).toBe(303);
    const html = await (await sales.request(quotationMailPath(id))).text();
    // Beside the text, what this version changes from v1, for sales to tell the buyer.
    expect(tableByCaption(html, "Lines, v1 → v2").slice(1)).toEqual([
      ["Men Denim Jacket", "Changed", "1,500", "Changed: EUR 9.25 → EUR 8.90", "Changed: EUR 13,875.00 → EUR 13,350.00"],
      ["Men Hoodie", "Unchanged", "600", "USD 6.40", "USD 3,840.00"],
    ]);
    const quoted = textOf(html, "pre[aria-labelledby=quoted-heading]")!;
    expect(quoted).toMatch(/^On Sat, 28 Nov 2026 at 09:00 UTC, Sales Person via SSL <sales@ssl\.example> wrote:\n> Hello,/);
    const fields = formFields(html, quotationMailPath(id));

    // Someone saves the draft meanwhile: nothing is sent, the e-mail is shown again with the typed text.
    const saved = await sales.post(editorPath(id), { ...formFields(await (await sales.request(editorPath(id))).text(), editorPath(id)), leadTime: "80 days" });
    expect(saved.status).toBe(303);
    const stale = await sales.post(quotationMailPath(id), { ...fields, text: `${fields.text!}\nP.S. typed` });
    expect(stale.status).toBe(400);
    const staleHtml = await stale.text();
    expect(staleHtml).toContain("The draft was changed since this e-mail was shown; nothing was sent.");
    expect(staleHtml).toContain("P.S. typed</textarea>");
    expect(await quotationJobs(id)).toHaveLength(1);

    // The buyer writes meanwhile: the e-mail would now quote that message, so it is shown again, quoting it.
    const fresh = formFields(staleHtml, quotationMailPath(id));
    const message = {
      messageId: "<question@harbour.test>",
      inReplyTo: v1.messageId ?? null,
      references: [],
      from: "Li Wei <li@harbour.test>",
      to: "sales@ssl.example",
      subject: "Re: Your quote request [Q-2026-00042]",
      at: new Date("2026-11-29T08:00:00Z"),
      text: "Can you ship in March?",
      attachments: [],
    };
    expect((await storeInboundMessages(leads.db, { mailbox: "INBOX", uidValidity: 1, lastUid: 1, messages: [message] }))[0]).toMatchObject({ stored: true });
    const moved = await sales.post(quotationMailPath(id), fresh);
    expect(moved.status).toBe(400);
    const movedHtml = await moved.text();
    expect(movedHtml).toContain("A new message came in this thread since the e-mail was shown; nothing was sent.");
    const nowQuoted = textOf(movedHtml, "pre[aria-labelledby=quoted-heading]")!;
    expect(nowQuoted).toBe("On Sun, 29 Nov 2026 at 08:00 UTC, Li Wei <li@harbour.test> wrote:\n> Can you ship in March?");
    expect(await quotationJobs(id)).toHaveLength(1);

    const sent = await sales.post(quotationMailPath(id), formFields(movedHtml, quotationMailPath(id)));
    expect(sent.status, await sent.clone().text()).toBe(303);
    const v2 = await lastMail(id);
    expect(v2.text).toBe(`${fresh.text!.trim()}\n\n${nowQuoted}\n`);
  }, 60_000);
});
