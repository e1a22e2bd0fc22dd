import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../../app/lib/contracts/server-settings";
import { documentLang, pdfText, spanLangs, spanTexts } from "../../../test-support/pdf-text";
import type { QuotationLine } from "../../leads/quotations";
import { renderQuotationPdf, type QuotationDocument } from "./quotation-pdf";

const line = (product: string, quantity: number, price: bigint | null, currency: string, notes = ""): QuotationLine => ({
  productRef: "",
  product,
  quantity,
  colours: 2,
  sizes: "S-XL",
  unitPriceMinor: price,
  currency,
  notes,
  breaks: [],
});

const quotation: QuotationDocument = {
  letterhead: {
    ...quotationSettingsDefaults.letterhead,
    name: "SSL Global Sourcing Ltd.",
    address: "House 10, Road 7, Uttara, Dhaka-1230",
    email: "info@example.com",
    phone: "+880 1700-000000",
    website: "www.example.com",
  },
  reference: "Q-2026-00042",
  version: 2,
  issuedOn: new Date("2026-11-28T10:00:00Z"),
  buyer: { name: "Łukasz Müller", company: "Harbour Trading GmbH", country: "Germany" },
  terms: {
    incoterm: "FOB",
    namedPlace: "Chittagong",
    paymentTerms: "30% advance by T/T",
    leadTime: "Shipment in March 2027",
    validUntil: "2026-12-28",
    sampleTerms: "Samples in 10 working days",
    terms: "Prices per piece.",
  },
  lines: [
    line("Denim jacket", 1500, 925n, "EUR", "12 oz denim, 100% cotton"),
    line("Hoodie", 600, 640n, "USD"),
    line("Hoodie, organic", 400, 700n, "USD"),
    line("T-shirt", 1000, 21050n, "BDT"),
  ],
};

describe("a quotation's PDF", () => {
  it("carries the letterhead, reference and version, dates, lines, a total per currency and the terms", async () => {
    const bytes = await renderQuotationPdf(quotation);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "SSL Global Sourcing Ltd.",
      "House 10, Road 7, Uttara, Dhaka-1230",
      "Quotation Q-2026-00042 v2",
      "Date: 28 November 2026",
      "Valid until: 28 December 2026",
      "Harbour Trading GmbH, Łukasz Müller, Germany",
      "Denim jacket",
      "12 oz denim, 100% cotton",
      "1,500 pcs",
      "EUR 9.25",
      "EUR 13,875.00",
      "USD 6.40",
      "Total USD",
      "USD 6,640.00",
      "Total BDT",
      "BDT 210,500.00",
      "FOB Chittagong",
      "30% advance by T/T",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    // One total per currency: no figure adds EUR, USD and BDT together.
    expect(text).not.toMatch(/Total(?! (EUR|USD|BDT))/);
  });

  it("prints a line's price breaks under it in the content's words, the line's amount and the total at its own quantity (decision 0156)", async () => {
    const jacket = {
      ...line("Denim jacket", 3000, 420n, "USD"),
      breaks: [
        { minQuantity: 5000, unitPriceMinor: 395n },
        { minQuantity: 10_000, unitPriceMinor: 370n },
      ],
    };
    const text = await pdfText(await renderQuotationPdf({ ...quotation, lines: [jacket] }));
    expect(text).toContain("From 5,000 pieces: USD 3.95 per piece");
    expect(text).toContain("From 10,000 pieces: USD 3.70 per piece");
    expect(text).toContain("Total USD USD 12,600.00");
    const worded = await pdfText(await renderQuotationPdf({ ...quotation, lines: [jacket], priceBreakWords: "{price} each from {n} pcs" }));
    expect(worded).toContain("USD 3.95 each from 5,000 pcs");
  });

  it("marks a draft's preview as not sent, and a line without a price as not priced", async () => {
    const text = await pdfText(await renderQuotationPdf({ ...quotation, version: null, lines: [line("Polo", 500, null, "USD")] }));
    expect(text).toContain("Draft quotation Q-2026-00042 (not sent)");
    expect(text).toContain("not priced");
  });

  it("runs over pages with the table's header on each, and numbers them", async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      line(`Product ${i + 1}`, 100 + i, 500n + BigInt(i), "USD", "Single jersey, 180 GSM, 100% combed cotton, folded and polybagged"),
    );
    const bytes = await renderQuotationPdf({ ...quotation, lines });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text } = await extractText(pdf, { mergePages: false });
    for (const page of text) expect(page).toMatch(/Unit price/);
    expect(text.at(-1)).toContain(`Page ${pdf.numPages} of ${pdf.numPages}`);
    expect(text.join(" ")).toContain("Product 40");
  });

  // Decision 0155: the studio's bank details and signatory close the document (fixture values: never real ones).
  const bankDetails = {
    beneficiary: "Fixture Sourcing Ltd.",
    bankName: "Example Bank PLC",
    branch: "Gulshan Branch, Road 00, Dhaka",
    accountNumber: "0000-TEST-0001",
    swift: "EXMPBDDH",
    notes: "Intermediary: Example Correspondent Bank, New York",
  };
  const signatory = { name: "Rahim Example", position: "Head of Merchandising" };

  it("ends with the bank details, one labelled line per field the content fills, and a signature block for the company", async () => {
    const text = await pdfText(await renderQuotationPdf({ ...quotation, bankDetails, signatory }));
    for (const expected of [
      "Bank details",
      "Beneficiary Fixture Sourcing Ltd.",
      "Bank Example Bank PLC",
      "Branch Gulshan Branch, Road 00, Dhaka",
      "Account number 0000-TEST-0001",
      "SWIFT / BIC EXMPBDDH",
      "Other details Intermediary: Example Correspondent Bank, New York",
      "For and on behalf of SSL Global Sourcing Ltd.",
      "Rahim Example",
      "Head of Merchandising",
    ])
      expect(text).toContain(expected);
    expect(text.indexOf("Bank details")).toBeGreaterThan(text.indexOf("Prices hold until"));
  });

  it("names the bank details with the words the studio gave the buyer's page", async () => {
    const bankWords = { ...quotationSettingsDefaults.page.bank, heading: "Where to pay", accountNumber: "Account no." };
    const text = await pdfText(await renderQuotationPdf({ ...quotation, bankDetails, bankWords }));
    expect(text).toContain("Where to pay");
    expect(text).toContain("Account no. 0000-TEST-0001");
    expect(text).not.toContain("Bank details");
  });

  it("leaves out an empty field's label, and each block while the content has nothing for it", async () => {
    const partial = await pdfText(
      await renderQuotationPdf({ ...quotation, bankDetails: { ...bankDetails, swift: "", notes: "" }, signatory: { name: "", position: "Director" } }),
    );
    expect(partial).toContain("Account number 0000-TEST-0001");
    expect(partial).not.toContain("SWIFT");
    expect(partial).not.toContain("Other details");
    expect(partial).not.toContain("For and on behalf of");
    expect(partial).not.toContain("Director");
    const empty = { beneficiary: "", bankName: "", branch: "", accountNumber: "", swift: "", notes: "" };
    for (const document of [{ ...quotation }, { ...quotation, bankDetails: empty, signatory: { name: "", position: "" } }]) {
      const text = await pdfText(await renderQuotationPdf(document));
      for (const absent of ["Bank details", "Beneficiary", "Account number", "For and on behalf of"]) expect(text).not.toContain(absent);
    }
  });

  it("writes the letterhead's address in the quotation's language: on a German one the country German, the street in a span marked English (decision 0198)", async () => {
    const street = "House 10, Road 7, Uttara, Dhaka-1230";
    const letterhead = {
      ...quotation.letterhead,
      address: `${street}, Bangladesh`,
      // As the build writes them from the content (headOfficeAddress).
      addressIn: {
        en: [{ text: street }, { text: ", " }, { text: "Bangladesh" }],
        de: [{ text: street, lang: "en" }, { text: ", " }, { text: "Bangladesch" }],
      },
    };
    const german = await renderQuotationPdf({ ...quotation, letterhead, locale: "de" });
    const text = await pdfText(german);
    expect(text).toContain(`${street}, Bangladesch`);
    expect(text).not.toContain("Bangladesh");
    expect(spanLangs(german)).toEqual(["en"]);
    expect(await spanTexts(german)).toEqual([street]);
    // In English, and in a language the build wrote no address for, the English address, nothing marked.
    for (const locale of ["en", "fr"]) {
      const bytes = await renderQuotationPdf({ ...quotation, letterhead, locale });
      expect(await pdfText(bytes)).toContain(`${street}, Bangladesh`);
      expect(spanLangs(bytes)).toEqual([]);
    }
  });

  it("writes the letterhead's tagline in the quotation's language, an English one on another language's quotation in a span marked English (decision 0203)", async () => {
    const english = "100% Export Oriented Company";
    const german = "Zu 100 % exportorientiertes Unternehmen";
    // As the build writes them (siteTagline): French without a translation of its own.
    const taglineIn = { en: { text: english }, de: { text: german }, fr: { text: english, lang: "en" } };
    const letterhead = { ...quotation.letterhead, tagline: english, taglineIn };
    const inGerman = await renderQuotationPdf({ ...quotation, letterhead, locale: "de" });
    const germanText = await pdfText(inGerman);
    expect(germanText).toContain(german);
    expect(germanText).not.toContain(english);
    expect(spanLangs(inGerman)).toEqual([]);
    const inEnglish = await renderQuotationPdf({ ...quotation, letterhead, locale: "en" });
    expect(await pdfText(inEnglish)).toContain(english);
    expect(spanLangs(inEnglish)).toEqual([]);
    // French as the build wrote it, and German from a build made before the tagline per language: the English one, marked.
    for (const bytes of [
      await renderQuotationPdf({ ...quotation, letterhead, locale: "fr" }),
      await renderQuotationPdf({ ...quotation, letterhead: { ...quotation.letterhead, tagline: english }, locale: "de" }),
    ]) {
      expect(spanLangs(bytes)).toEqual(["en"]);
      expect(await spanTexts(bytes)).toEqual([english]);
    }
  });

  it("tells a screen reader the buyer's language: the document's /Lang follows the quotation's locale (decision 0164)", async () => {
    expect(documentLang(await renderQuotationPdf(quotation))).toBe("en");
    expect(documentLang(await renderQuotationPdf({ ...quotation, locale: "de" }))).toBe("de");
  });
});
