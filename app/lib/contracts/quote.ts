// The quote request (decision 0042): its lists, limits, problem codes, paths and field names, for the
// /quote form, its pages and the server (server/intake/quote.ts), so each is written once. The checks
// themselves (zod/mini) are in ./quote-check.ts, which the form loads after the page has hydrated:
// not part of the page's first load.
import { business } from "./constants";
import { fieldMaxLength } from "./form-endpoint";

/** Incoterms 2020 the company quotes on; the studio words their labels, not the codes. */
export const incoterms = ["EXW", "FOB", "CIF", "DAP", "DDP"] as const;
/** The buyers the company serves. */
export const buyerTypes = ["retailer", "wholesaler", "importer", "distributor"] as const;
/** The payment modes (the FAQ's list, the longer of the two): LC, TT, DP, CAD, DAP, CASH. */
export const paymentModes = ["LC", "TT", "DP", "CAD", "DAP", "CASH"] as const;
/** ISO 4217 codes a target price may be given in. */
export const currencies = ["USD", "EUR", "GBP", "CNY", "INR", "BDT"] as const;

export const quoteLimits = {
  /** Product rows the form offers (the first open, the others behind "Add another product"). */
  maxProducts: 8,
  /** The latest delivery month a request may ask for: this month plus 24 (decision 0063). */
  deliveryMonthsAhead: 24,
  maxQuantity: 10_000_000,
  maxColours: 100,
  maxAttachments: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentsMaxTotalBytes: 25 * 1024 * 1024,
  text: { line: 200, email: fieldMaxLength.email, phone: 40, sizes: 200, notes: 2000, message: 5000, price: 20, fileName: 255 },
} as const;

/**
 * The text of a request: every byte but the files' content (names, values, multipart framing). The
 * longest request the form can send is about a tenth of it; a thousand product rows still fit, to be
 * told the form has eight. Counted as the body streams in: a request over it is refused before more
 * is read (decision 0065).
 */
export const quoteRequestMaxTextBytes = 1024 * 1024;
/** The whole multipart body: the attachments, the text fields and the multipart framing. */
export const quoteRequestMaxBodyBytes = quoteLimits.attachmentsMaxTotalBytes + quoteRequestMaxTextBytes;

/** What an attachment may be, read from its content (never its name or declared type). */
export const attachmentTypes = {
  pdf: { label: "PDF", mimeType: "application/pdf", extension: ".pdf" },
  jpeg: { label: "JPEG", mimeType: "image/jpeg", extension: ".jpg" },
  png: { label: "PNG", mimeType: "image/png", extension: ".png" },
  xlsx: { label: "XLSX", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: ".xlsx" },
} as const;
export type AttachmentType = keyof typeof attachmentTypes;

export const attachmentAcceptAttribute = [".pdf", ".jpg", ".jpeg", ".png", ".xlsx", ...Object.values(attachmentTypes).map((t) => t.mimeType)].join(",");

/**
 * Why a request is refused: a code per rule, which is also the slug of the prerendered page a
 * native post lands on (/quote/not-sent/{problem}) and the key of its message in content/quote.yaml.
 */
export const quoteProblems = [
  "products",
  "products-too-many",
  "product",
  "quantity",
  "colours",
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
  "delivery-too-late",
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
/** The id of the further product rows' `<details>` on /quote without JavaScript: the server opens it
 * when `?item=` chose more than one product (server/site/quote-pages.ts). */
export const quoteMoreProductsId = "quote-more-products";
export const quoteNotSentPath = (problem: QuoteProblem) => `${quotePaths.notSent}/${problem}`;
/**
 * Where a native post lands once stored: /quote/sent?ref=Q-2026-00042, with `&trial=1` when a
 * product's quantity is below its usual minimum (decision 0148: the page then says it will be discussed).
 */
export const quoteSentParams = { reference: "ref", trial: "trial" } as const;
export const quoteSentPath = (reference: string, trial: boolean) =>
  `${quotePaths.sent}?${quoteSentParams.reference}=${reference}${trial ? `&${quoteSentParams.trial}=1` : ""}`;
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

/**
 * The usual smallest order of a product: its own minimum per colour (decision 0078), else the
 * company's 500 pieces per colour, times the colours. A request for fewer is taken as a trial order
 * (decision 0148): the buyer is told it will be discussed, and the lead is flagged.
 */
export const minimumQuantity = (colours: number, perColour: number = business.moqPiecesPerColor) => perColour * colours;

/**
 * "2026-12": the earliest delivery month, today plus the shortest lead time: the company's
 * (30 days, local material), or the longest of the chosen products' own shortest lead times (decision 0078).
 */
export function earliestDeliveryMonth(today: Date, leadTimeDays: number = business.leadTimeDays.local[0]): string {
  const earliest = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + leadTimeDays));
  return `${earliest.getUTCFullYear()}-${String(earliest.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** "2028-11": the latest delivery month a request may ask for, `deliveryMonthsAhead` after today's month (decision 0063). */
export function latestDeliveryMonth(today: Date): string {
  const latest = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + quoteLimits.deliveryMonthsAhead, 1));
  return `${latest.getUTCFullYear()}-${String(latest.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A chosen file as the checks see it: its size and the type its content was found to be. */
export type AttachmentFacts = { name: string; size: number; type: AttachmentType | undefined };

/** One refused rule: its code, and where (a request field, or a product row and its field). */
export type QuoteIssue = { problem: QuoteProblem; field: string; row?: number };
