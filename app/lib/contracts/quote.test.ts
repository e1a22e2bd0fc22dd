import { describe, expect, it } from "vitest";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";
import { earliestDeliveryMonth, formatQuoteReference, latestDeliveryMonth, productFieldName } from "./quote";
import { checkQuoteRequest, detectAttachmentType, minimumOfLine } from "./quote-check";

const today = new Date("2026-11-25T10:00:00Z");

const valid: Record<string, string> = {
  [productFieldName(0, "product")]: "men/tshirt",
  [productFieldName(0, "quantity")]: "1500",
  [productFieldName(0, "colours")]: "3",
  [productFieldName(0, "sizes")]: "S-XXL",
  [productFieldName(0, "currency")]: "USD",
  company: "Nordic Retail AB",
  contactName: "Anna Berg",
  email: "anna@nordic.example",
  country: "SE",
  buyerType: "retailer",
  incoterm: "FOB",
  destination: "Gothenburg",
  deliveryMonth: "2027-03",
  paymentMode: "LC",
};
const check = (values: Record<string, string>, files = []) => checkQuoteRequest((name) => values[name], files, today, Object.keys(values));

describe("quote request rules", () => {
  it("accepts a complete request with one product", () => {
    const result = check(valid);
    expect(result.ok).toBe(true);
  });

  it("accepts a quantity under 500 pieces per colour: a trial order, not a refusal", () => {
    const result = check({ ...valid, [productFieldName(0, "quantity")]: "1499" });
    expect(result.ok).toBe(true);
    expect(minimumOfLine({ product: "men/tshirt", quantity: 1499, colours: 3 })).toEqual({ perColour: 500, minimum: 1500, below: true });
    expect(minimumOfLine({ product: "men/tshirt", quantity: 1500, colours: 3 })).toEqual({ perColour: 500, minimum: 1500, below: false });
  });

  it("measures a quantity against a product's own minimum order and checks its lead time where it has them", () => {
    const termsOf = (ref: string) => (ref === "men/tshirt" ? { moqPiecesPerColour: 300, leadTimeDays: [45, 75] as const } : undefined);
    const own = (values: Record<string, string>) => checkQuoteRequest((name) => values[name], [], today, Object.keys(values), termsOf);
    // 3 colours of 300 pieces: 900 is this product's minimum (the company's 500 would ask 1,500); 899 is below it, and still sent.
    expect(own({ ...valid, [productFieldName(0, "quantity")]: "900", deliveryMonth: "2027-01" }).ok).toBe(true);
    expect(own({ ...valid, [productFieldName(0, "quantity")]: "899", deliveryMonth: "2027-01" }).ok).toBe(true);
    expect(minimumOfLine({ product: "men/tshirt", quantity: 900, colours: 3 }, termsOf)).toEqual({ perColour: 300, minimum: 900, below: false });
    expect(minimumOfLine({ product: "men/tshirt", quantity: 899, colours: 3 }, termsOf)).toEqual({ perColour: 300, minimum: 900, below: true });
    // 25 November + 45 days is 9 January: December is too early for this product, not for the company's 30 days.
    expect(own({ ...valid, deliveryMonth: "2026-12" })).toEqual({ ok: false, issues: [{ problem: "delivery-too-early", field: "deliveryMonth" }] });
    expect(earliestDeliveryMonth(today, 45)).toBe("2027-01");
    // A product without terms of its own: the company's.
    expect(minimumOfLine({ product: "men/hoodie", quantity: 1499, colours: 3 }, termsOf)).toEqual({ perColour: 500, minimum: 1500, below: true });
  });

  it("refuses a request with no product", () => {
    const result = check({ ...valid, [productFieldName(0, "product")]: "" });
    expect(result.ok ? [] : result.issues.map((i) => i.problem)).toEqual(["products"]);
  });

  it("names the row of a bad product further down the form", () => {
    const result = check({
      ...valid,
      [productFieldName(3, "product")]: "home/towel",
      [productFieldName(3, "quantity")]: "600",
      [productFieldName(3, "colours")]: "x",
      [productFieldName(3, "sizes")]: "One size",
      [productFieldName(3, "currency")]: "USD",
    });
    expect(result).toEqual({ ok: false, issues: [{ problem: "colours", field: "colours", row: 3 }] });
  });

  it("refuses a delivery month earlier than today plus the shortest lead time (30 days)", () => {
    expect(earliestDeliveryMonth(today)).toBe("2026-12");
    expect(check({ ...valid, deliveryMonth: "2026-11" })).toEqual({ ok: false, issues: [{ problem: "delivery-too-early", field: "deliveryMonth" }] });
    expect(check({ ...valid, deliveryMonth: "2026-12" }).ok).toBe(true);
  });

  it("refuses a delivery month more than 24 months after this month (decision 0063)", () => {
    expect(latestDeliveryMonth(today)).toBe("2028-11");
    expect(check({ ...valid, deliveryMonth: "2028-11" }).ok).toBe(true);
    expect(check({ ...valid, deliveryMonth: "2028-12" })).toEqual({ ok: false, issues: [{ problem: "delivery-too-late", field: "deliveryMonth" }] });
    expect(check({ ...valid, deliveryMonth: "9999-12" })).toEqual({ ok: false, issues: [{ problem: "delivery-too-late", field: "deliveryMonth" }] });
  });

  it("refuses product rows beyond the form's eight instead of dropping them, first of its problems", () => {
    const row = (n: number, quantity = "600") => ({
      [productFieldName(n, "product")]: "men/tshirt",
      [productFieldName(n, "quantity")]: quantity,
      [productFieldName(n, "colours")]: "1",
      [productFieldName(n, "sizes")]: "M",
      [productFieldName(n, "currency")]: "USD",
    });
    const eight = Object.assign({}, valid, ...Array.from({ length: 7 }, (_, i) => row(i + 1)));
    expect(check(eight).ok).toBe(true);
    const thousand = Object.assign({}, valid, ...Array.from({ length: 999 }, (_, i) => row(i + 1)));
    expect(check(thousand)).toEqual({ ok: false, issues: [{ problem: "products-too-many", field: "products" }] });
    // A ninth row under the minimum order was dropped with the rest: now refused for the rows.
    expect(check({ ...eight, ...row(8, "10") })).toEqual({ ok: false, issues: [{ problem: "products-too-many", field: "products" }] });
    // A row number the form does not write (item-07-…) is not a row of the form either; an empty one is no product.
    expect(check({ ...valid, "item-07-product": "men/tshirt" }).ok).toBe(false);
    expect(check({ ...valid, [productFieldName(9, "product")]: "", [productFieldName(9, "currency")]: "USD" }).ok).toBe(true);
  });

  it("takes one e-mail address by the forms' one rule: no list, no display name, no second address", () => {
    for (const email of ["a,b@evil.test", "x@evil.test;y", "<x@evil.test>", "Anna <anna@nordic.example>", "anna@nordic", "anna@@nordic.example"]) {
      expect(check({ ...valid, email }), email).toEqual({ ok: false, issues: [{ problem: "email", field: "email" }] });
    }
    expect(check({ ...valid, email: "  o'neil+quotes@nordic-retail.co.uk " }).ok).toBe(true);
  });

  it("refuses a file whose content is no accepted type, one over 10 MB, and more than 5 files", () => {
    const problems = (files: { name: string; size: number; type: "pdf" | undefined }[]) => {
      const result = checkQuoteRequest((name) => valid[name], files, today, Object.keys(valid));
      return result.ok ? [] : result.issues.map((i) => i.problem);
    };
    expect(problems([{ name: "x.pdf", size: 10, type: undefined }])).toEqual(["attachment-type"]);
    expect(problems([{ name: "x.pdf", size: 10 * 1024 * 1024 + 1, type: "pdf" }])).toEqual(["attachment-too-large"]);
    expect(problems(Array.from({ length: 6 }, () => ({ name: "x.pdf", size: 10, type: "pdf" as const })))).toEqual(["attachments-too-many"]);
    expect(problems(Array.from({ length: 3 }, () => ({ name: "x.pdf", size: 9 * 1024 * 1024, type: "pdf" as const })))).toEqual(["attachments-too-large"]);
  });

  it("reads an attachment's type from its bytes: PDF, JPEG, PNG, XLSX; not DOCX or a program", () => {
    expect(detectAttachmentType(resumeSamples.pdf)).toBe("pdf");
    expect(detectAttachmentType(resumeSamples.jpeg)).toBe("jpeg");
    expect(detectAttachmentType(resumeSamples.png)).toBe("png");
    expect(detectAttachmentType(notResumeSamples.xlsx)).toBe("xlsx");
    expect(detectAttachmentType(resumeSamples.docx)).toBeUndefined();
    expect(detectAttachmentType(notResumeSamples.exe)).toBeUndefined();
  });

  it("formats references as Q-{year}-{five digits}", () => {
    expect(formatQuoteReference(2026, 42)).toBe("Q-2026-00042");
  });
});
