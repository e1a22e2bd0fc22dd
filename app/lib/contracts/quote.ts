// The quote request (issue 27): one shape for the /quote form, its checks in the browser and the
// server's (server/quote), so a rule, a limit or a problem code is written once. zod/mini keeps the
// /quote page's script small; the server runs the same schema.
import * as z from "zod/mini";
import { business } from "./constants";
import { hasVisibleText } from "./visible-text";
import { zipEntryNames } from "./resume-type";

/** Incoterms 2020 the company quotes on (issue 27); the studio words their labels, not the codes. */
export const incoterms = ["EXW", "FOB", "CIF", "DAP", "DDP"] as const;
/** SPEC §1: the buyers the company serves. */
export const buyerTypes = ["retailer", "wholesaler", "importer", "distributor"] as const;
/** SPEC §1 (FAQ list, the longer of the two): LC, TT, DP, CAD, DAP, CASH. */
export const paymentModes = ["LC", "TT", "DP", "CAD", "DAP", "CASH"] as const;
/** ISO 4217 codes a target price may be given in. */
export const currencies = ["USD", "EUR", "GBP", "CNY", "INR", "BDT"] as const;

export const quoteLimits = {
  /** Product rows the form offers (the first open, the others behind "Add another product"). */
  maxProducts: 8,
  maxQuantity: 10_000_000,
  maxColours: 100,
  maxAttachments: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentsMaxTotalBytes: 25 * 1024 * 1024,
  text: { line: 200, email: 254, phone: 40, sizes: 200, notes: 2000, message: 5000, price: 20, fileName: 255 },
} as const;

/** The whole multipart body: the attachments, the text fields and the multipart framing. */
export const quoteRequestMaxBodyBytes = quoteLimits.attachmentsMaxTotalBytes + 512 * 1024;

/** What an attachment may be, read from its content (never its name or declared type). */
export const attachmentTypes = {
  pdf: { label: "PDF", mimeType: "application/pdf", extension: ".pdf" },
  jpeg: { label: "JPEG", mimeType: "image/jpeg", extension: ".jpg" },
  png: { label: "PNG", mimeType: "image/png", extension: ".png" },
  xlsx: { label: "XLSX", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: ".xlsx" },
} as const;
export type AttachmentType = keyof typeof attachmentTypes;

export const attachmentAcceptAttribute = [".pdf", ".jpg", ".jpeg", ".png", ".xlsx", ...Object.values(attachmentTypes).map((t) => t.mimeType)].join(",");

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** PDF, JPEG, PNG or an Excel workbook without macros, by the file's bytes; undefined for anything else. */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(bytes);
    if (names?.includes("[Content_Types].xml") && names.includes("xl/workbook.xml") && !names.some((n) => /vbaProject\.bin$/i.test(n))) return "xlsx";
  }
  return undefined;
}

/**
 * Why a request is refused: a code per rule, which is also the slug of the prerendered page a
 * native post lands on (/quote/not-sent/{problem}) and the key of its message in content/quote.yaml.
 */
export const quoteProblems = [
  "products",
  "product",
  "quantity",
  "colours",
  "below-moq",
  "sizes",
  "target-price",
  "notes",
  "company",
  "contact-name",
  "email",
  "phone",
  "country",
  "buyer-type",
  "incoterm",
  "destination",
  "delivery-month",
  "delivery-too-early",
  "payment-mode",
  "message",
  "attachment-type",
  "attachment-too-large",
  "attachments-too-many",
  "attachments-too-large",
  "too-large",
  "too-many",
  "spam",
  "failed",
] as const;
export type QuoteProblem = (typeof quoteProblems)[number];

export const quotePaths = {
  form: "/quote",
  post: "/api/v1.0/quote",
  sent: "/quote/sent",
  notSent: "/quote/not-sent",
} as const;
export const quoteNotSentPath = (problem: QuoteProblem) => `${quotePaths.notSent}/${problem}`;
export const quoteResultPagePaths = () => [quotePaths.sent, ...quoteProblems.map(quoteNotSentPath)];

/** Q-2026-00042: the year it was received and its number in that year (server/leads/store.ts). */
export const formatQuoteReference = (year: number, number: number) => `Q-${year}-${String(number).padStart(5, "0")}`;
export const quoteReferencePattern = /^Q-\d{4}-\d{5,9}$/;

/** A product as the gallery addresses it: {family}/{item}. */
export const productRefPattern = /^[a-z0-9][a-z0-9&_-]*\/[a-z0-9][a-z0-9&_-]*$/;

/** The form's field names (what a native post sends). */
export const quoteFieldNames = {
  company: "company",
  contactName: "contactName",
  email: "email",
  phone: "phone",
  country: "country",
  buyerType: "buyerType",
  incoterm: "incoterm",
  destination: "destination",
  deliveryMonth: "deliveryMonth",
  paymentMode: "paymentMode",
  message: "message",
  attachments: "attachments",
} as const;
export const productFieldNames = ["product", "quantity", "colours", "sizes", "targetPrice", "currency", "notes"] as const;
export type ProductField = (typeof productFieldNames)[number];
export const productFieldName = (row: number, field: ProductField) => `item-${row}-${field}`;

/** Smallest order of a product: 500 pieces per colour (SPEC §9). */
export const minimumQuantity = (colours: number) => business.moqPiecesPerColor * colours;

/** "2026-12": the earliest delivery month, today plus the shortest lead time (SPEC §9: 30 days, local material). */
export function earliestDeliveryMonth(today: Date): string {
  const earliest = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + business.leadTimeDays.local[0]));
  return `${earliest.getUTCFullYear()}-${String(earliest.getUTCMonth() + 1).padStart(2, "0")}`;
}

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

export const quoteProductSchema = z
  .object({
    product: z.string().check(z.regex(productRefPattern, problem("product"))),
    quantity: wholeNumber("quantity", quoteLimits.maxQuantity),
    colours: wholeNumber("colours", quoteLimits.maxColours),
    sizes: line(quoteLimits.text.sizes, "sizes"),
    targetPrice: z.string().check(z.refine((s) => s === "" || (/^\d{1,9}(\.\d{1,4})?$/.test(s) && Number(s) > 0), problem("target-price"))),
    currency: oneOf(currencies, "target-price"),
    notes: z.string().check(z.maxLength(quoteLimits.text.notes, problem("notes"))),
  })
  .check(
    z.superRefine((p, ctx) => {
      const colours = Number(p.colours);
      if (/^\d+$/.test(p.quantity) && /^\d+$/.test(p.colours) && Number(p.quantity) < minimumQuantity(colours)) {
        ctx.issues.push({ code: "custom", message: problem("below-moq"), input: p.quantity, path: ["quantity"] });
      }
    }),
  );

/** A chosen file as the checks see it: its size and the type its content was found to be. */
export type AttachmentFacts = { name: string; size: number; type: AttachmentType | undefined };

export const attachmentsSchema = z.array(z.custom<AttachmentFacts>()).check(
  z.superRefine((files, ctx) => {
    const fail = (code: QuoteProblem, index?: number) => ctx.issues.push({ code: "custom", message: code, input: files, path: index === undefined ? [] : [index] });
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
export const quoteRequestSchema = (today: Date) =>
  z.object({
    products: z.array(quoteProductSchema).check(
      z.minLength(1, problem("products")),
      z.maxLength(quoteLimits.maxProducts, problem("products")),
    ),
    company: line(quoteLimits.text.line, "company"),
    contactName: line(quoteLimits.text.line, "contact-name"),
    email: z.string().check(z.maxLength(quoteLimits.text.email, problem("email")), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, problem("email"))),
    phone: optionalLine(quoteLimits.text.phone, "phone"),
    country: z.string().check(z.regex(/^[A-Z]{2}$/, problem("country"))),
    buyerType: oneOf(buyerTypes, "buyer-type"),
    incoterm: oneOf(incoterms, "incoterm"),
    destination: line(quoteLimits.text.line, "destination"),
    deliveryMonth: z.string().check(
      z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, problem("delivery-month")),
      z.refine((month) => !/^\d{4}-\d{2}$/.test(month) || month >= earliestDeliveryMonth(today), problem("delivery-too-early")),
    ),
    paymentMode: oneOf(paymentModes, "payment-mode"),
    message: z.string().check(z.maxLength(quoteLimits.text.message, problem("message"))),
    attachments: attachmentsSchema,
  });

export type QuoteRequest = z.infer<ReturnType<typeof quoteRequestSchema>>;
export type QuoteProduct = QuoteRequest["products"][number];

/** One refused rule: its code, and where (a request field, or a product row and its field). */
export type QuoteIssue = { problem: QuoteProblem; field: string; row?: number };

/** A form's values as the schema reads them: text trimmed, product rows with no product left out. */
export function readQuoteForm(get: (name: string) => string | undefined, attachments: AttachmentFacts[]) {
  const text = (name: string) => (get(name) ?? "").trim();
  const rows: { row: number; values: Record<ProductField, string> }[] = [];
  for (let row = 0; row < quoteLimits.maxProducts; row++) {
    const values = Object.fromEntries(productFieldNames.map((f) => [f, text(productFieldName(row, f))])) as Record<ProductField, string>;
    if (values.product) rows.push({ row, values });
  }
  const input = {
    products: rows.map((r) => r.values),
    ...Object.fromEntries(Object.entries(quoteFieldNames).filter(([key]) => key !== "attachments").map(([key, name]) => [key, text(name)])),
    attachments,
  };
  return { input, rows: rows.map((r) => r.row) };
}

/** Checks a read form: the request, or every refused rule in the form's order. */
export function checkQuoteRequest(get: (name: string) => string | undefined, attachments: AttachmentFacts[], today: Date) {
  const { input, rows } = readQuoteForm(get, attachments);
  const result = z.safeParse(quoteRequestSchema(today), input);
  if (result.success) return { ok: true as const, request: result.data };
  const issues: QuoteIssue[] = result.error.issues.map((issue) => {
    const [first, index, field] = issue.path;
    const code = (quoteProblems as readonly string[]).includes(issue.message) ? (issue.message as QuoteProblem) : "failed";
    if (first === "products" && typeof index === "number") return { problem: code, field: String(field ?? "product"), row: rows[index] };
    return { problem: code, field: String(first ?? "products") };
  });
  return { ok: false as const, issues };
}
