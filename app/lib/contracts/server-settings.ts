// What the build hands the server from the content, so the server never reads content/ itself:
// scripts/build/steps/server-settings.mjs writes it beside the client files (build/, or
// releases/<id>/ when publishing); the server reads it from the build it serves.

import { z } from "zod";

/** The file's name, in the folder that holds the build's `client/`. */
export const serverSettingsFile = "server-settings.json";

/** A gallery product as the server knows it (decision 0078): what the quote form checks and the mails say. */
export type ProductSettings = {
  /** How a buyer names it: "Men T-Shirt". */
  label: string;
  moqPiecesPerColour: number;
  /** Its own lead time, or null for the company's. */
  leadTimeDays: readonly [number, number] | null;
  /** Its specification in one line: "Construction: Jersey; Composition: 100% cotton; …" (empty when it has none). */
  summary: string;
  /** Its minimum order and lead time as its page words them. */
  terms: string;
};

/** A certificate record as the server's expiry reminders need it (every record, valid or not). */
export type CertificateSettings = { slug: string; name: string; number: string; holder: string; validUntil: string };

export type ServerSettings = {
  /** How many days job applications are kept (the studio's "Career form"; server/staff/retention.ts). */
  applicationRetentionDays: number;
  /**
   * The site's public origin as the build's canonical links use it (SITE_URL, else the website of
   * content/site.yaml): the staff desk lives there too, so the server's e-mails link to it.
   */
  siteUrl: string;
  /** Every gallery product by {family}/{item} (decision 0078). */
  products?: Record<string, ProductSettings>;
  /** Every certificate record (decision 0076). */
  certificates?: CertificateSettings[];
  /**
   * The studio's "Reply templates": answers staff start a reply from; {name}, {reference} and {staff} (the sender's own name) are filled in,
   * and on a quote request {quotation}, {totals}, {validUntil} and {sentOn} from its newest version (decision 0158).
   */
  replyTemplates?: ReplyTemplate[];
  /** Quotations' letterhead and defaults (decision 0120); absent in builds made before it. */
  quotation?: QuotationSettings;
  /** The site's languages' codes, the default first (content/locales.yaml, decision 0160): what a form's `locale` may be (decision 0164). Absent in builds made before: English only. */
  locales?: string[];
  /**
   * Each other language's reply templates (decision 0164; content/translations/<code>/reply-templates.yaml),
   * already merged over the English ones by name: a template without a translation stays English.
   */
  replyTemplatesIn?: Record<string, ReplyTemplate[]>;
};

/** Words and their language where it is not the sentence's or the document's (decisions 0183, 0194): the parts of app/lib/text-parts.ts, here because the server may import only the contracts (scripts/check-imports.mjs). */
export type TextPart = { text: string; lang?: string };

/** Who sends a quotation (its PDF's letterhead), from the content: the company and its head office. */
export type Letterhead = {
  name: string;
  /** The site's tagline in the default language: "100% Export Oriented Company". */
  tagline: string;
  /**
   * The tagline in each language of the site, by code (decision 0203: `siteTagline`, as the line sheets'
   * letterhead): the language's words, or the default language's marked with its `lang` where it has
   * none. `letterheadTaglineInOf` checks it; absent in builds made before: `tagline` for every lead.
   */
  taglineIn?: Record<string, TextPart>;
  /** The head office's whole address in the default language: "House 10, …, Dhaka-1230, Bangladesh". */
  address: string;
  /**
   * The address in each language of the site, by code (decision 0198: `headOfficeAddress`, as the line
   * sheets' letterhead): the street marked with the default language on another's, the country in the
   * language's words. `letterheadAddressInOf` checks it; absent in builds made before: `address` for every lead.
   */
  addressIn?: Record<string, TextPart[]>;
  email: string;
  phone: string;
  website: string;
};

/**
 * The words of the buyer's quotation page /quotation/{token} (decision 0120; the studio's
 * "Quotations", content/quotations.yaml). `{name}` slots are filled by the page (server/site/quotation-texts.ts).
 */
export type QuotationPageWords = {
  /** {label}: "Q-2026-00042 v2". */
  title: string;
  /** {buyer}: the buyer's company and name. */
  forBuyer: string;
  issued: string;
  validUntil: string;
  lastDayToday: string;
  oneDayLeft: string;
  /** {n}. */
  daysLeft: string;
  /** {label}. */
  download: string;
  linesHeading: string;
  linesCaption: string;
  columns: { product: string; quantity: string; unitPrice: string; amount: string };
  /** {n}. */
  pieces: string;
  oneColour: string;
  /** {n}. */
  colours: string;
  /** {sizes}. */
  sizes: string;
  /** Under a line, each of its price breaks (decision 0156): {n} the quantity it holds from, {price} the unit price with its currency. */
  priceBreak: string;
  totalsCaption: string;
  totalColumns: { currency: string; total: string };
  termsHeading: string;
  terms: { incoterm: string; paymentTerms: string; leadTime: string; sampleTerms: string; terms: string };
  status: {
    /** {day}, {left}. */
    open: string;
    /** {name}, {when}. */
    accepted: string;
    /** {when}. */
    changes: string;
    /** {when}. */
    declined: string;
    /** {day}. */
    expired: string;
    /** {when}. */
    renewed: string;
    /** {latest}: the newest version's number. */
    superseded: string;
    /** Beside "accepted" when a revision of the accepted version was sent (decision 0137): {latest} its number, {when} when sent. */
    revised: string;
    /** Beside "accepted" when the buyer then accepted a revision: {latest} its number. */
    revisionAccepted: string;
  };
  actionsHeading: string;
  accept: { heading: string; intro: string; name: string; position: string; button: string };
  changes: { heading: string; message: string; hint: string; button: string };
  decline: { heading: string; reason: string; button: string };
  renew: { heading: string; message: string; hint: string; button: string };
  problems: {
    summary: string;
    name: string;
    position: string;
    message: string;
    renewMessage: string;
    /** {label}, {max}. */
    tooLong: string;
    expired: string;
    answered: string;
    superseded: string;
    notExpired: string;
    crossSite: string;
    tooMany: string;
  };
  /** The company's bank details under the terms (decision 0155): the heading and each field's name; shown only with details to show. */
  bank: { heading: string; beneficiary: string; bankName: string; branch: string; accountNumber: string; swift: string; notes: string };
};

/**
 * What quotations take from the content (decision 0120): the letterhead, the default validity and terms a
 * new draft starts with, the buyer's page's words. A build without it (an older release) gets
 * `quotationSettingsDefaults`, which are the words content/quotations.yaml had when it was made.
 */
export type QuotationSettings = {
  letterhead: Letterhead;
  validityDays: number;
  /** A new draft's payment terms when its request names no payment mode (decision 0138). */
  paymentTerms: string;
  sampleTerms: string;
  /** A new draft's other terms: none of what its Incoterm, payment, lead time and sample lines say (decision 0138). */
  terms: string;
  /**
   * The quote form's words for each payment mode (content/quote.yaml: LC → "LC – letter of credit"):
   * a new draft's payment terms are the buyer's choice in these words. Absent in builds made before.
   */
  paymentModes?: Record<string, string>;
  currency: string;
  page: QuotationPageWords;
  /** Where the buyer pays, at the end of the PDF and on the page (decision 0155): `bankDetailsOf`. Absent in builds made before. */
  bankDetails?: BankDetails;
  /** Who signs for the company at the end of the PDF (decision 0155): `signatoryOf`. Absent in builds made before. */
  signatory?: Signatory;
  /** The PDF's fixed words (decision 0164): `quotationPdfWordsDefaults` when absent. */
  pdf?: QuotationPdfWords;
  /** The buyer's acknowledgement of a quote request (decision 0164): `acknowledgementWordsDefaults` when absent. */
  acknowledgement?: AcknowledgementWords;
  /**
   * The buyer's words in each other language of the site, by code (decision 0164;
   * content/translations/<code>/quotations.yaml): what a translation leaves out is English
   * (`quotationWordsIn`). Absent in builds made before: English for every lead.
   */
  translations?: Record<string, QuotationTranslation>;
};

/** The fixed words of a quotation's PDF (decision 0164; before, decision 0112's English in code). `{name}` slots as the page's. */
export type QuotationPdfWords = {
  /** {reference}, {version}. */
  title: string;
  /** A draft's preview: {reference}. */
  draftTitle: string;
  date: string;
  validUntil: string;
  to: string;
  columns: { n: string; product: string; quantity: string; unitPrice: string; amount: string };
  /** {n}. */
  pieces: string;
  oneColour: string;
  /** {n}. */
  colours: string;
  /** {sizes}. */
  sizes: string;
  notPriced: string;
  /** {currency}. */
  totalIn: string;
  totalsNote: string;
  termsHeading: string;
  incoterm: string;
  paymentTerms: string;
  leadTime: string;
  sampleTerms: string;
  terms: string;
  /** {day}. */
  validity: string;
  /** {company}, {label}, {page}, {pages}. */
  footer: string;
  /** {company}. */
  onBehalfOf: string;
};

export const quotationPdfWordsDefaults: QuotationPdfWords = {
  title: "Quotation {reference} v{version}",
  draftTitle: "Draft quotation {reference} (not sent)",
  date: "Date",
  validUntil: "Valid until",
  to: "To",
  columns: { n: "#", product: "Product", quantity: "Quantity", unitPrice: "Unit price", amount: "Amount" },
  pieces: "{n} pcs",
  oneColour: "1 colour",
  colours: "{n} colours",
  sizes: "sizes {sizes}",
  notPriced: "not priced",
  totalIn: "Total {currency}",
  totalsNote: "Each currency is totalled on its own; amounts in different currencies are never added.",
  termsHeading: "Terms",
  incoterm: "Incoterm (2020)",
  paymentTerms: "Payment",
  leadTime: "Lead time / shipment",
  sampleTerms: "Samples",
  terms: "Other terms",
  validity: "Prices hold until the end of {day} (UTC). Accept or ask for changes on the quotation's page, from the link in our e-mail.",
  footer: "{company} · {label} · Page {page} of {pages}",
  onBehalfOf: "For and on behalf of {company}",
};

/**
 * The buyer's acknowledgement of a quote request (decision 0164; before, decision 0064's English in
 * code). Only the company's words: the mail carries nothing a stranger wrote. The subject is
 * followed by the reference in brackets, always (the inbound reader threads answers by it).
 */
export type AcknowledgementWords = {
  subject: string;
  greeting: string;
  /** {reference}. */
  thanks: string;
  answerAt: string;
  /** {n} its number, {product}, {quantity}, {colours}. */
  line: string;
  /** {minimum}. */
  trialOrder: string;
  /** A trial order whose product's minimum is not known. */
  trialOrderAnyMinimum: string;
  belowMinimum: string;
  incoterm: string;
  deliveryMonth: string;
  paymentMode: string;
  filesReceived: string;
  withSales: string;
  notYou: string;
};

export const acknowledgementWordsDefaults: AcknowledgementWords = {
  subject: "Your quote request",
  greeting: "Hello,",
  thanks: "Thank you for your quote request. Its reference is {reference}: please quote it when you write to us.",
  answerAt: "Our sales team will answer at this address. The products you chose:",
  line: "{n}. {product}: {quantity} pieces in {colours} colour(s)",
  trialOrder: "Trial order: below the usual minimum of {minimum} pieces",
  trialOrderAnyMinimum: "Trial order: below the usual minimum",
  belowMinimum: "A quantity you asked for is below the usual minimum order of its product: we take it as a trial order and will discuss it with you.",
  incoterm: "Incoterm",
  deliveryMonth: "Delivery month",
  paymentMode: "Payment mode",
  filesReceived: "Files received",
  withSales: "Everything else you wrote, and your files, is with our sales team.",
  notYou: "If you did not send this request, you can ignore this e-mail: we send at most one an hour to an address.",
};

/** Words of which any may be missing, at any depth: what a translation holds. */
export type PartialWords<T> = { [K in keyof T]?: T[K] extends string ? string : PartialWords<T[K]> };

/** One other language's words for the buyer (decision 0164): whatever is left out is English. */
export type QuotationTranslation = {
  paymentTerms?: string;
  sampleTerms?: string;
  terms?: string;
  paymentModes?: Record<string, string>;
  page?: PartialWords<QuotationPageWords>;
  pdf?: PartialWords<QuotationPdfWords>;
  acknowledgement?: PartialWords<AcknowledgementWords>;
};

/** Everything a lead's buyer reads from the company, in one language (decision 0164): `quotationWordsIn`. */
export type QuotationWords = {
  /** The language's code, for `Intl` (dates, numbers) and `lang`. */
  locale: string;
  paymentTerms: string;
  sampleTerms: string;
  terms: string;
  paymentModes: Record<string, string>;
  page: QuotationPageWords;
  pdf: QuotationPdfWords;
  acknowledgement: AcknowledgementWords;
};

/**
 * The words given, each over its default (a missing, empty or non-text word is the default's): a
 * build from before a word existed, or a translation without it, still has every word — never an empty one.
 */
export function wordsOver<T>(defaults: T, given: unknown): T {
  if (typeof given !== "object" || given === null || Array.isArray(given)) return defaults;
  const out = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults as Record<string, unknown>)) {
    const value = (given as Record<string, unknown>)[key];
    if (typeof fallback === "string") out[key] = typeof value === "string" && value.trim() ? value : fallback;
    else out[key] = wordsOver(fallback, value);
  }
  return out as T;
}

/**
 * The buyer's words in a lead's language (decision 0164): the language's translation over the
 * company's English words, word by word; English for the default language, an unknown one, or a
 * build without translations.
 */
export function quotationWordsIn(settings: QuotationSettings, locale: string): QuotationWords {
  const english: QuotationWords = {
    locale: "en",
    paymentTerms: settings.paymentTerms,
    sampleTerms: settings.sampleTerms,
    terms: settings.terms,
    paymentModes: { ...quotationSettingsDefaults.paymentModes, ...settings.paymentModes },
    page: wordsOver(quotationPageWordsDefaults, settings.page),
    pdf: wordsOver(quotationPdfWordsDefaults, settings.pdf),
    acknowledgement: wordsOver(acknowledgementWordsDefaults, settings.acknowledgement),
  };
  const translation = Object.hasOwn(settings.translations ?? {}, locale) ? settings.translations![locale] : undefined;
  if (!translation) return english;
  return { ...wordsOver(english, translation), locale };
}

export const quotationPageWordsDefaults: QuotationPageWords = {
  title: "Quotation {label}",
  forBuyer: "For {buyer}",
  issued: "Issued",
  validUntil: "Valid until",
  lastDayToday: "last day today",
  oneDayLeft: "1 day left",
  daysLeft: "{n} days left",
  download: "Download {label} as PDF",
  linesHeading: "What we offer",
  linesCaption: "Lines of the quotation",
  columns: { product: "Product", quantity: "Quantity", unitPrice: "Unit price", amount: "Amount" },
  pieces: "{n} pieces",
  oneColour: "1 colour",
  colours: "{n} colours",
  sizes: "sizes {sizes}",
  priceBreak: "From {n} pieces: {price} per piece",
  totalsCaption: "Totals per currency (amounts in different currencies are never added)",
  totalColumns: { currency: "Currency", total: "Total" },
  termsHeading: "Terms",
  terms: { incoterm: "Incoterm (2020)", paymentTerms: "Payment", leadTime: "Lead time or shipment", sampleTerms: "Samples", terms: "Other terms" },
  status: {
    open: "Open: you can accept it until the end of {day} (UTC), {left}.",
    accepted: "Accepted by {name} on {when}. Thank you: we will confirm the order with you.",
    changes: "You asked for changes on {when}. We will send you a new version.",
    declined: "You declined this quotation on {when}.",
    expired: "This quotation expired at the end of {day}: its prices no longer hold.",
    renewed: "You asked for a new quotation on {when}. We will send you one.",
    superseded: "This version has been replaced by a newer one (v{latest}). Please use the link in our latest e-mail: this one can no longer be accepted.",
    revised:
      "On {when} we sent you a revision of it, v{latest}: the link is in that e-mail. This version stays accepted as it is until you accept the revision.",
    revisionAccepted: "You then accepted its revision, v{latest}, which replaces it.",
  },
  actionsHeading: "Your answer",
  accept: {
    heading: "Accept",
    intro: "Accepting confirms the prices and terms above for your order. We record your name, position, the time and your address.",
    name: "Your name",
    position: "Your position",
    button: "Accept the quotation",
  },
  changes: {
    heading: "Ask for changes",
    message: "What should change?",
    hint: "Quantities, prices, terms: we will send a new version.",
    button: "Ask for changes",
  },
  decline: { heading: "Decline", reason: "Reason (optional)", button: "Decline the quotation" },
  renew: {
    heading: "Ask for a new quotation",
    message: "Your message",
    hint: "Tell us what you need now: we will send you a new quotation.",
    button: "Ask for a new quotation",
  },
  problems: {
    summary: "There is a problem",
    name: "Your name: write the name of the person accepting.",
    position: "Your position: write your position in your company.",
    message: "Your message: write what should change.",
    renewMessage: "Your message: write what you need.",
    tooLong: "{label}: at most {max} characters.",
    expired: "This quotation has expired: it can no longer be accepted, changed or declined. You can ask for a new one below.",
    answered: "This quotation has been answered already.",
    superseded: "This version has been replaced by a newer one: it can no longer be answered.",
    notExpired: "This quotation is still open.",
    crossSite: "This form must be sent from the quotation's own page.",
    tooMany: "Too many requests from your address. Please wait a few minutes and try again.",
  },
  bank: {
    heading: "Bank details",
    beneficiary: "Beneficiary",
    bankName: "Bank",
    branch: "Branch",
    accountNumber: "Account number",
    swift: "SWIFT / BIC",
    notes: "Other details",
  },
};

/** Words with slots, filled: "{n} days left" with { n: 3 } → "3 days left" (a slot the content lost stays out). */
export const fill = (words: string, values: Record<string, string | number>) =>
  words.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));

/**
 * A line's price break as the buyer reads it on the quotation page and in its PDF (decision 0156):
 * "From 5,000 pieces: USD 3.95 per piece". A build made before these words has none: the default stands in.
 */
export const priceBreakText = (words: string | undefined, minQuantity: number, price: string, locale = "en") =>
  fill(words ?? quotationPageWordsDefaults.priceBreak, { n: minQuantity.toLocaleString(locale), price });

export const quotationSettingsDefaults: QuotationSettings = {
  letterhead: { name: "SSL Global Sourcing Ltd.", tagline: "", address: "Dhaka, Bangladesh", email: "", phone: "", website: "" },
  validityDays: 30,
  paymentTerms: "30% advance by T/T, 70% against the copy of the shipping documents.",
  sampleTerms: "Samples within 10 working days of the order of samples; their cost is refunded with the bulk order.",
  terms: "Prices per piece. Quantities, colours and sizes as listed; other quantities may change the price.",
  paymentModes: {
    LC: "LC – letter of credit",
    TT: "TT – telegraphic transfer",
    DP: "DP – documents against payment",
    CAD: "CAD – cash against documents",
    DAP: "DAP – documents against acceptance",
    CASH: "Cash",
  },
  currency: "USD",
  page: quotationPageWordsDefaults,
};

export type ReplyTemplate = { name: string; text: string };

/**
 * The company's bank details as a quotation gives them (decision 0155; the studio's "Quotations" →
 * "Bank details"): one field each, so the PDF and the page label each line, and what is empty is
 * left out. Empty everywhere until the company fills them: never invented.
 */
export type BankDetails = {
  beneficiary: string;
  bankName: string;
  /** The branch and its address (several lines). */
  branch: string;
  accountNumber: string;
  swift: string;
  /** IBAN, routing number, an intermediary bank … (several lines). */
  notes: string;
};

/** Who signs a quotation for the company (decision 0155): "For and on behalf of {company}", then the name and position. */
export type Signatory = { name: string; position: string };

export const bankDetailsDefaults: BankDetails = { beneficiary: "", bankName: "", branch: "", accountNumber: "", swift: "", notes: "" };
export const signatoryDefaults: Signatory = { name: "", position: "" };

/** A field of the content as the server takes it: trimmed text up to `max` characters; anything else (absent, a number, too long) reads as empty. */
const contentText = (max: number) => z.string().trim().max(max).catch("");

const bankDetailsSchema = z
  .object({
    beneficiary: contentText(200),
    bankName: contentText(200),
    branch: contentText(500),
    accountNumber: contentText(100),
    swift: contentText(20),
    notes: contentText(1000),
  })
  .catch(bankDetailsDefaults);
const signatorySchema = z.object({ name: contentText(200), position: contentText(200) }).catch(signatoryDefaults);

/** A language's code as content/locales.yaml may name it ("de", "pt-br"). */
export const localeCode = /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/;

const textPartSchema = z.object({
  text: z.string().max(500),
  lang: z.string().regex(localeCode).optional(),
});
const addressPartsSchema = z.array(textPartSchema).min(1).max(10);

/** Something a build wrote per language, language by language: one that does not read is left out; undefined for a build without any. */
function perLanguageOf<T>(value: unknown, schema: z.ZodType<T>): Record<string, T> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, T> = {};
  for (const [code, given] of Object.entries(value)) {
    const read = schema.safeParse(given);
    if (read.success) out[code] = read.data;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The letterhead's address in each language a build wrote (decision 0198): a language whose parts do not read prints `address`. */
export const letterheadAddressInOf = (value: unknown): Record<string, TextPart[]> | undefined => perLanguageOf(value, addressPartsSchema);
/** The letterhead's tagline in each language a build wrote (decision 0203): a language whose part does not read prints `tagline`. */
export const letterheadTaglineInOf = (value: unknown): Record<string, TextPart> | undefined => perLanguageOf(value, textPartSchema);

/**
 * The letterhead's tagline in a quotation's language (decision 0203): the build's for the language,
 * else (a build made before, a language it wrote none for) the default language's, marked English
 * on another language's quotation (the server's default language, as `quotationWordsIn`'s).
 */
export const letterheadTaglineIn = (letterhead: Pick<Letterhead, "tagline" | "taglineIn">, locale: string): TextPart =>
  (Object.hasOwn(letterhead.taglineIn ?? {}, locale) ? letterhead.taglineIn![locale] : undefined) ?? {
    text: letterhead.tagline,
    ...(locale === "en" || !letterhead.tagline ? {} : { lang: "en" }),
  };

/** The bank details a build wrote, each field checked (one that does not read is empty: left out); the defaults (all empty) for none. */
export const bankDetailsOf = (value: unknown): BankDetails => bankDetailsSchema.parse(value ?? {});
/** The signatory a build wrote, checked as `bankDetailsOf` checks the bank details. */
export const signatoryOf = (value: unknown): Signatory => signatorySchema.parse(value ?? {});

/** True when the bank details have something to show (a block is never printed with empty labels only). */
export const hasBankDetails = (bank: BankDetails | undefined): bank is BankDetails => !!bank && Object.values(bank).some((v) => v !== "");
