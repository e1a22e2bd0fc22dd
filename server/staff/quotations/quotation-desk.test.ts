import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect } from "vitest";
import { quotationSettingsDefaults } from "../../../app/lib/contracts/server-settings";
import { rows } from "../../db/db";
import { aboveTheStore, drivers, onBothDrivers } from "../../../test-support/databases";
import { insertLead } from "../../../test-support/leads";
import { addTestAccount } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { inboxWith } from "../inbox/routes";
import { quotationRenderer } from "./documents";
import { mountQuotations, quotationLeadSection } from "./routes";
import { harbourQuoteRequest, requestedDenimJacket, requestedHoodie } from "../../../test-support/quotations";

const request = harbourQuoteRequest([{ ...requestedDenimJacket, targetPrice: "9.50", notes: "stone wash" }, requestedHoodie], { paymentMode: "LC" });

/** The editor's form as the browser posts it, from the lines' values (line-0-product …). */
function editorForm(quotation: string, lines: Record<string, string>[], terms: Record<string, string> = {}, intent = "save") {
  const form: Record<string, string> = { quotation, lines: String(lines.length), intent, validUntil: "2026-12-28", ...terms };
  lines.forEach((line, i) => Object.entries(line).forEach(([k, v]) => (form[`line-${i}-${k}`] = v)));
  return form;
}

describe.each(drivers)("quotations in the staff desk on %s", (driver) => {
  // Prices as stored and read back (bigint minor units, each driver's own number types) on both; the rest on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const today = new Date("2026-11-28T09:00:00Z");
  const { leads, server, signedIn } = staffSuite(driver, {
    desk: {
      routes: [
        inboxWith({ leadSections: [quotationLeadSection] }),
        mountQuotations({
          settings: () => quotationSettingsDefaults,
          now: () => today,
          pdf: quotationRenderer({ settings: () => quotationSettingsDefaults, logo: async () => undefined }),
        }),
      ],
      mailFrom: "SSL website <website@ssl.example>",
    },
  });

  async function salesWithDraft() {
    const id = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00042" });
    const sales = await signedIn("sales");
    const page = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(page).toContain("No quotation has been prepared for this request yet.");
    const made = await sales.post(`/staff/leads/${id}/quotation/draft`, {});
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe(`/staff/leads/${id}/quotation`);
    const [draft] = await rows<{ id: number | string }>(leads.db, sql`select id from quotations where lead_id = ${id} and status = 'draft'`);
    return { id, sales, quotation: String(draft!.id) };
  }

  it("prefills a draft from the request's products and terms, 30 days valid; a second press makes no second draft", async () => {
    const { id, sales } = await salesWithDraft();
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    expect(await rows(leads.db, sql`select id from quotations where lead_id = ${id}`)).toHaveLength(1);
    const editor = await sales.request(`/staff/leads/${id}/quotation`);
    expect(editor.status).toBe(200);
    expect(editor.headers.get("cache-control")).toBe("no-store");
    const html = await editor.text();
    expect(html).toContain("<title>Quotation for Q-2026-00042 · ");
    for (const value of [
      'name="line-0-product" type="text" value="men/denim-jacket"',
      'name="line-0-quantity" type="text" value="1500"',
      'name="line-0-sizes" type="text" value="S-XL"',
      'name="line-0-currency" type="text" value="EUR"',
      'name="line-1-product" type="text" value="men/hoodie"',
      'name="line-1-currency" type="text" value="USD"',
      `name="namedPlace" type="text" value=""`,
      'name="validUntil" type="date" value="2026-12-28"',
      '<option value="FOB" selected="">FOB</option>',
    ]) {
      expect(html).toContain(value);
    }
    expect(html).toContain("No line is priced yet.");
    // FOB names our port of shipment, which the request cannot give: left for sales, and the hint says so.
    expect(html).toContain("FOB names our place or port of shipment, not the buyer&#39;s destination: write it here (the request does not say it).");
    expect(html).toMatch(/<textarea[^>]*name="paymentTerms"[^>]*>LC – letter of credit<\/textarea>/);
    expect(await (await sales.request(`/staff/leads/${id}`)).text()).toContain("Edit the draft quotation");
  }, 30_000);

  onBothDrivers(
    "saves prices in three currencies and shows one total per currency, never a sum across them",
    async () => {
      const { id, sales, quotation } = await salesWithDraft();
      const lines = [
        { product: "Denim jacket", quantity: "1500", colours: "3", sizes: "S-XL", price: "9.25", currency: "EUR", notes: "12 oz denim" },
        { product: "Hoodie", quantity: "600", colours: "2", sizes: "M-XXL", price: "6.40", currency: "USD", notes: "" },
        { product: "Hoodie, organic", quantity: "400", colours: "1", sizes: "M", price: "7", currency: "usd", notes: "" },
        { product: "T-shirt", quantity: "1000", colours: "1", sizes: "S-L", price: "210.50", currency: "BDT", notes: "" },
      ];
      const saved = await sales.post(`/staff/leads/${id}/quotation`, editorForm(quotation, lines, { incoterm: "CIF", namedPlace: "Hamburg" }));
      expect(saved.status).toBe(303);
      const html = await (await sales.request(`/staff/leads/${id}/quotation`)).text();
      expect(html).toContain("<caption>Totals per currency (never added across currencies)</caption>");
      expect(html).toMatch(/<th scope="row">EUR<\/th><td>1<\/td><td>EUR 13,875.00<\/td>/);
      expect(html).toMatch(/<th scope="row">USD<\/th><td>2<\/td><td>USD 6,640.00<\/td>/);
      expect(html).toMatch(/<th scope="row">BDT<\/th><td>1<\/td><td>BDT 210,500.00<\/td>/);
      const stored = await rows<{ unit_price_minor: string; currency: string }>(
        leads.db,
        sql`select unit_price_minor::text, currency from quotation_lines order by position`,
      );
      const preview = await sales.request(`/staff/leads/${id}/quotation/preview.pdf`);
      expect(preview.headers.get("content-type")).toBe("application/pdf");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await preview.arrayBuffer())), { mergePages: true });
      for (const expected of [
        "Draft quotation Q-2026-00042 (not sent)",
        "Valid until: 28 December 2026",
        "Harbour Trading, Li Wei, Germany",
        "Total EUR",
        "EUR 13,875.00",
        "USD 6,640.00",
        "BDT 210,500.00",
        "CIF Hamburg",
      ]) {
        expect(text).toContain(expected);
      }
      expect(stored).toEqual([
        { unit_price_minor: "925", currency: "EUR" },
        { unit_price_minor: "640", currency: "USD" },
        { unit_price_minor: "700", currency: "USD" },
        { unit_price_minor: "21050", currency: "BDT" },
      ]);
    },
    30_000,
  );

  it("refuses a bad price or currency with the reason at the field, keeping everything typed", async () => {
    const { id, sales, quotation } = await salesWithDraft();
    const refused = await sales.post(
      `/staff/leads/${id}/quotation`,
      editorForm(quotation, [
        { product: "Denim jacket", quantity: "1500", colours: "3", sizes: "S-XL", price: "9.255", currency: "EUR", notes: "typed notes" },
        { product: "Hoodie", quantity: "600", colours: "2", sizes: "M", price: "6.40", currency: "XYZ", notes: "" },
      ]),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Unit price has more than 2 decimals for EUR.");
    expect(html).toContain("Currency: an ISO 4217 code, such as USD.");
    expect(html).toContain('value="9.255"');
    expect(html).toContain("typed notes");
    expect(html).toContain('href="#line-0-price"');
    const [line] = await rows<{ unit_price_minor: string | null }>(leads.db, sql`select unit_price_minor::text from quotation_lines order by position limit 1`);
    expect(line!.unit_price_minor).toBeNull();
  }, 30_000);

  onBothDrivers(
    "takes a unit price of exactly 1,000,000,000 and refuses 1,000,000,000.01 at the field, keeping everything typed",
    async () => {
      const { id, sales, quotation } = await salesWithDraft();
      const line = { product: "Denim jacket", quantity: "1500", colours: "3", sizes: "S-XL", currency: "EUR", notes: "typed notes" };
      expect((await sales.post(`/staff/leads/${id}/quotation`, editorForm(quotation, [{ ...line, price: "1,000,000,000" }]))).status).toBe(303);
      const stored = () => rows<{ unit_price_minor: string | null }>(leads.db, sql`select unit_price_minor::text from quotation_lines order by position`);
      expect(await stored()).toEqual([{ unit_price_minor: "100000000000" }]);
      const refused = await sales.post(
        `/staff/leads/${id}/quotation`,
        editorForm(quotation, [{ ...line, price: "1,000,000,000.01" }], { namedPlace: "Bremen" }),
      );
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Unit price is larger than 1,000,000,000 EUR.");
      expect(html).toContain('href="#line-0-price"');
      for (const typed of ['value="1,000,000,000.01"', 'value="Denim jacket"', 'value="S-XL"', "typed notes", 'name="namedPlace" type="text" value="Bremen"'])
        expect(html).toContain(typed);
      expect(await stored(), "the refused save wrote nothing").toEqual([{ unit_price_minor: "100000000000" }]);
    },
    30_000,
  );

  it("saves a line's price breaks, shows them folded under the line with blank rows to fill, and prints them under the line in the PDF; the totals stay at the line's quantity (decision 0156)", async () => {
    const { id, sales, quotation } = await salesWithDraft();
    const lines: Record<string, string>[] = [
      {
        product: "Denim jacket",
        quantity: "1500",
        colours: "3",
        sizes: "S-XL",
        price: "9.25",
        currency: "EUR",
        notes: "",
        "break-0-quantity": "3000",
        "break-0-price": "8.90",
        "break-2-quantity": "5000",
        "break-2-price": "8.50",
      },
      { product: "Hoodie", quantity: "600", colours: "2", sizes: "M-XXL", price: "6.40", currency: "USD", notes: "" },
    ];
    const saved = await sales.post(`/staff/leads/${id}/quotation`, editorForm(quotation, lines));
    expect(saved.status).toBe(303);
    const stored = await rows<{ position: number; min_quantity: number; unit_price_minor: string }>(
      leads.db,
      sql`select b.position, b.min_quantity, b.unit_price_minor::text from quotation_line_breaks b order by b.position`,
    );
    expect(stored).toEqual([
      { position: 0, min_quantity: 3000, unit_price_minor: "890" },
      { position: 1, min_quantity: 5000, unit_price_minor: "850" },
    ]);
    const html = await (await sales.request(`/staff/leads/${id}/quotation`)).text();
    expect(html).toContain("<summary>Price breaks (2)</summary>");
    expect(html).toContain('name="line-0-break-1-quantity" type="text" value="5000"');
    expect(html).toContain('name="line-0-break-1-price" type="text" value="8.50"');
    // Two blank rows under the breaks typed, up to four in all.
    expect(html).toContain('name="line-0-break-3-quantity" type="text" value=""');
    expect(html).not.toContain('name="line-0-break-4-quantity"');
    expect(html).toContain('name="line-1-break-1-price" type="text" value=""');
    expect(html).not.toContain('name="line-1-break-2-price"');
    expect(html).not.toMatch(/<details class="price-breaks" open/);
    expect(html).toMatch(/<th scope="row">EUR<\/th><td>1<\/td><td>EUR 13,875.00<\/td>/);

    const preview = await sales.request(`/staff/leads/${id}/quotation/preview.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await preview.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    // In the content's words (the PDF's own test shows them in full).
    expect(flat).toContain("From 5,000 pieces: EUR 8.50 per piece");
  }, 30_000);

  it("refuses a price break not above the line's quantity with the reason at its field, opened, keeping everything typed", async () => {
    const { id, sales, quotation } = await salesWithDraft();
    const line = { product: "Denim jacket", quantity: "1500", colours: "3", sizes: "S-XL", price: "9.25", currency: "EUR", notes: "" };
    expect(
      (await sales.post(`/staff/leads/${id}/quotation`, editorForm(quotation, [{ ...line, "break-0-quantity": "3000", "break-0-price": "8.90" }]))).status,
    ).toBe(303);
    const refused = await sales.post(
      `/staff/leads/${id}/quotation`,
      editorForm(quotation, [{ ...line, "break-0-quantity": "1000", "break-0-price": "8.80", "break-1-quantity": "4000", "break-1-price": "" }]),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<a href="#line-0-break-0-quantity">Line 1, price break 1: the quantity must be above the line&#39;s own, 1,500 pieces.</a>');
    expect(html).toContain('<a href="#line-0-break-1-price">Line 1, price break 2: write its unit price.</a>');
    expect(html).toMatch(/<details class="price-breaks" open="">\s*<summary>Price breaks \(2\)<\/summary>/);
    expect(html).toMatch(
      /<input id="line-0-break-0-quantity" name="line-0-break-0-quantity" type="text" value="1000"[^>]*aria-invalid="true" aria-describedby="line-0-break-0-quantity-error"/,
    );
    expect(html).toContain('name="line-0-break-0-price" type="text" value="8.80"');
    const stored = await rows<{ min_quantity: number }>(leads.db, sql`select min_quantity from quotation_line_breaks`);
    expect(stored, "the refused save wrote nothing").toEqual([{ min_quantity: 3000 }]);
  }, 30_000);

  it("lets sales and admins prepare a quotation; hr and editors get 403, a contact message 404", async () => {
    const quote = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00043" });
    const contact = await insertLead(leads.db, { form: "contact", fields: { name: "Jane", email: "jane@acme.test", message: "Hi" } });
    for (const role of ["hr", "editor"] as const) {
      await addTestAccount(leads.db, role);
      const browser = server.browser();
      await browser.signIn(`${role}@example.com`);
      const refused = await browser.post(`/staff/leads/${quote}/quotation/draft`, {});
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Li Wei");
    }
    expect(await rows(leads.db, sql`select id from quotations`)).toEqual([]);
    const admin = await signedIn("admin");
    expect((await admin.post(`/staff/leads/${contact}/quotation/draft`, {})).status).toBe(404);
    expect((await admin.post(`/staff/leads/${quote}/quotation/draft`, {})).status).toBe(303);
    expect((await admin.request(`/staff/leads/${quote}/quotation`)).status).toBe(200);
  }, 30_000);
});
