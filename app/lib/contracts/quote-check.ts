// The quote request's checks (decision 0042): one zod/mini schema for the /quote form in the browser and
// the server (server/intake/quote.ts), and the file type by content. The form imports this module after the
// page has hydrated (the first load stays within the JavaScript budget); the server at start.
import * as z from "zod/mini";
import { isEmailAddress } from "./email-address";
import { hasVisibleText } from "./visible-text";
import { fileKindOf } from "./file-content";
import { type ProductTerms, companyTerms, shortestLeadTimeDays } from "./products";
import {
  attachmentTypes,
  buyerTypes,
  currencies,
  earliestDeliveryMonth,
  incoterms,
  latestDeliveryMonth,
  minimumQuantity,
  paymentModes,
  productFieldName,
  productFieldNames,
  productRefPattern,
  quoteFieldNames,
  quoteLimits,
  quoteProblems,
  type AttachmentFacts,
  type AttachmentType,
  type ProductField,
  type QuoteIssue,
  type QuoteProblem,
} from "./quote";

/** Every attachment type's id (the server's check takes these: server/platform/file-kind.ts). */
export const attachmentTypeIds = /* @__PURE__ */ Object.keys(attachmentTypes) as AttachmentType[];

/** PDF, JPEG, PNG or an Excel workbook without macros, by the file's bytes (file-content.ts: the browser's check); undefined for anything else. */
export const detectAttachmentType = (bytes: Uint8Array): AttachmentType | undefined => fileKindOf(bytes, attachmentTypeIds);

const problem = (code: QuoteProblem) => code;
const line = (max: number, code: QuoteProblem) =>
  z.string().check(
    z.refine(hasVisibleText, problem(code)),
    z.maxLength(max, problem(code)),
    z.refine((s) => !/[\r\n]/.test(s), problem(code)),
  );
const optionalLine = (max: number, code: QuoteProblem) =>
  z.string().check(
    z.maxLength(max, problem(code)),
    z.refine((s) => !/[\r\n]/.test(s), problem(code)),
  );
const wholeNumber = (code: QuoteProblem, max: number) =>
  z.string().check(z.refine((s) => /^\d{1,9}$/.test(s) && Number(s) >= 1 && Number(s) <= max, problem(code)));
const oneOf = <T extends readonly [string, ...string[]]>(values: T, code: QuoteProblem) =>
  z.string().check(z.refine((s): s is T[number] => (values as readonly string[]).includes(s), problem(code)));

/** A product's own minimum order and lead time (decision 0078), or undefined for the company's. */
export type ProductTermsOf = (ref: string) => ProductTerms | undefined;
const noOwnTerms: ProductTermsOf = () => undefined;

/** The longest of the chosen products' shortest lead times: what the earliest delivery month waits for. */
export const leadTimeOfRequest = (refs: readonly string[], termsOf: ProductTermsOf = noOwnTerms) =>
  Math.max(shortestLeadTimeDays(companyTerms), ...refs.map((ref) => shortestLeadTimeDays(termsOf(ref) ?? companyTerms)));

export const quoteProductSchema = () =>
  z.object({
    product: z.string().check(z.regex(productRefPattern, problem("product"))),
    quantity: wholeNumber("quantity", quoteLimits.maxQuantity),
    colours: wholeNumber("colours", quoteLimits.maxColours),
    sizes: line(quoteLimits.text.sizes, "sizes"),
    targetPrice: z.string().check(z.refine((s) => s === "" || (/^\d{1,9}(\.\d{1,4})?$/.test(s) && Number(s) > 0), problem("target-price"))),
    currency: oneOf(currencies, "target-price"),
    notes: z.string().check(z.maxLength(quoteLimits.text.notes, problem("notes"))),
  });

/**
 * A product's usual minimum for the colours asked (decision 0078: its own per colour, else the
 * company's), and whether the quantity is below it: a trial order, taken and discussed (decision 0148).
 */
export function minimumOfLine(line: { product: string; quantity: number; colours: number }, termsOf: ProductTermsOf = noOwnTerms) {
  const perColour = (termsOf(line.product) ?? companyTerms).moqPiecesPerColour;
  const minimum = minimumQuantity(line.colours, perColour);
  return { perColour, minimum, below: line.quantity < minimum };
}

export const attachmentsSchema = z.array(z.custom<AttachmentFacts>()).check(
  z.superRefine((files, ctx) => {
    const fail = (code: QuoteProblem, index?: number) =>
      ctx.issues.push({ code: "custom", message: code, input: files, path: index === undefined ? [] : [index] });
    if (files.length > quoteLimits.maxAttachments) {
      fail("attachments-too-many");
      return;
    }
    files.forEach((file, index) => {
      if (file.size > quoteLimits.attachmentMaxBytes) fail("attachment-too-large", index);
      else if (!file.type) fail("attachment-type", index);
    });
    if (files.reduce((sum, f) => sum + f.size, 0) > quoteLimits.attachmentsMaxTotalBytes) fail("attachments-too-large");
  }),
);

/**
 * The request as posted, text fields trimmed by `readQuoteForm`. `today` decides the earliest
 * delivery month (the server's clock for the server, the visitor's for the form).
 */
export const quoteRequestSchema = (today: Date, termsOf: ProductTermsOf = noOwnTerms, leadTimeDays = leadTimeOfRequest([], termsOf)) =>
  z.object({
    products: z.array(quoteProductSchema()).check(z.minLength(1, problem("products")), z.maxLength(quoteLimits.maxProducts, problem("products"))),
    company: line(quoteLimits.text.line, "company"),
    contactName: line(quoteLimits.text.line, "contact-name"),
    email: z.string().check(z.refine(isEmailAddress, problem("email"))),
    phone: optionalLine(quoteLimits.text.phone, "phone"),
    country: z.string().check(z.regex(/^[A-Z]{2}$/, problem("country"))),
    buyerType: oneOf(buyerTypes, "buyer-type"),
    incoterm: oneOf(incoterms, "incoterm"),
    destination: line(quoteLimits.text.line, "destination"),
    deliveryMonth: z.string().check(
      z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, problem("delivery-month")),
      // Not before the longest of the chosen products' shortest lead times (the company's 30 days at least).
      z.refine((month) => !/^\d{4}-\d{2}$/.test(month) || month >= earliestDeliveryMonth(today, leadTimeDays), problem("delivery-too-early")),
      z.refine((month) => !/^\d{4}-\d{2}$/.test(month) || month <= latestDeliveryMonth(today), problem("delivery-too-late")),
    ),
    paymentMode: oneOf(paymentModes, "payment-mode"),
    message: z.string().check(z.maxLength(quoteLimits.text.message, problem("message"))),
    attachments: attachmentsSchema,
  });

export type QuoteRequest = z.infer<ReturnType<typeof quoteRequestSchema>>;
export type QuoteProduct = QuoteRequest["products"][number];

/** The product field of a row the form does not have (a ninth, a thousandth): `item-8-product`. */
const productBeyondForm = (name: string) => {
  const row = /^item-(\d+)-product$/.exec(name)?.[1];
  return row !== undefined && !(String(Number(row)) === row && Number(row) < quoteLimits.maxProducts);
};

/**
 * A form's values as the schema reads them: text trimmed, product rows with no product left out.
 * `names`: every field name posted, to find product rows beyond the form's eight (never dropped in silence).
 */
export function readQuoteForm(get: (name: string) => string | undefined, attachments: AttachmentFacts[], names: Iterable<string>) {
  const text = (name: string) => (get(name) ?? "").trim();
  const rows: { row: number; values: Record<ProductField, string> }[] = [];
  for (let row = 0; row < quoteLimits.maxProducts; row++) {
    const values = Object.fromEntries(productFieldNames.map((f) => [f, text(productFieldName(row, f))])) as Record<ProductField, string>;
    if (values.product) rows.push({ row, values });
  }
  let rowsBeyondForm = 0;
  for (const name of new Set(names)) if (productBeyondForm(name) && text(name)) rowsBeyondForm++;
  const input = {
    products: rows.map((r) => r.values),
    ...Object.fromEntries(
      Object.entries(quoteFieldNames)
        .filter(([key]) => key !== "attachments")
        .map(([key, name]) => [key, text(name)]),
    ),
    attachments,
  };
  return { input, rows: rows.map((r) => r.row), rowsBeyondForm };
}

/**
 * Checks a read form: the request, or every refused rule in the form's order. `names`: the posted
 * field names (FormData's keys), so rows beyond the form's eight are refused, not dropped.
 * `termsOf`: each product's own minimum order and lead time (the form reads them from its product
 * list, the server from the build it serves); without it, the company's apply. Only the lead time is
 * a rule here: a quantity below the minimum is taken as a trial order (`minimumOfLine`, decision 0148).
 */
export function checkQuoteRequest(
  get: (name: string) => string | undefined,
  attachments: AttachmentFacts[],
  today: Date,
  names: Iterable<string>,
  termsOf: ProductTermsOf = noOwnTerms,
) {
  const { input, rows, rowsBeyondForm } = readQuoteForm(get, attachments, names);
  // The delivery month waits for the chosen products' lead times: known before the parse, so its
  // check runs beside the others and the buyer sees every problem at once.
  const leadTimeDays = leadTimeOfRequest(
    input.products.map((p) => p.product),
    termsOf,
  );
  const result = z.safeParse(quoteRequestSchema(today, termsOf, leadTimeDays), input);
  // More products than the form has rows: said first, since the rows checked are not all that was sent.
  const beyond: QuoteIssue[] = rowsBeyondForm > 0 ? [{ problem: "products-too-many", field: "products" }] : [];
  if (result.success) return beyond.length ? { ok: false as const, issues: beyond } : { ok: true as const, request: result.data };
  const issues: QuoteIssue[] = result.error.issues.map((issue) => {
    const [first, index, field] = issue.path;
    const code = (quoteProblems as readonly string[]).includes(issue.message) ? (issue.message as QuoteProblem) : "failed";
    if (first === "products" && typeof index === "number") return { problem: code, field: String(field ?? "product"), row: rows[index] };
    return { problem: code, field: String(first ?? "products") };
  });
  return { ok: false as const, issues: [...beyond, ...issues] };
}
