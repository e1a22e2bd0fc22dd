// What the build hands the server from the content, so the server never reads content/ itself:
// scripts/build/steps/server-settings.mjs writes it beside the client files (build/, or
// releases/<id>/ when publishing); the server reads it from the build it serves.

/** The file's name, in the folder that holds the build's `client/`. */
export const serverSettingsFile = "server-settings.json";

/** A gallery product as the server knows it (issue 47): what the quote form checks and the mails say. */
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
  /** Every gallery product by {family}/{item} (issue 47). */
  products?: Record<string, ProductSettings>;
  /** Every certificate record (issue 47). */
  certificates?: CertificateSettings[];
  /** The studio's "Reply templates" (issue 45): answers staff start a reply from; {name} and {reference} are filled in. */
  replyTemplates?: ReplyTemplate[];
  /** Quotations' letterhead and defaults (issue 46); absent in builds made before it. */
  quotation?: QuotationSettings;
};

/** Who sends a quotation (its PDF's letterhead), from the content: the company and its head office. */
export type Letterhead = { name: string; tagline: string; address: string; email: string; phone: string; website: string };

/**
 * What quotations take from the content (issue 46): the letterhead, the default validity and terms a
 * new draft starts with. A build without it (an older release) gets `quotationSettingsDefaults`.
 */
export type QuotationSettings = {
  letterhead: Letterhead;
  validityDays: number;
  paymentTerms: string;
  sampleTerms: string;
  terms: string;
  currency: string;
};

export const quotationSettingsDefaults: QuotationSettings = {
  letterhead: { name: "SSL Global Sourcing Ltd.", tagline: "", address: "Dhaka, Bangladesh", email: "", phone: "", website: "" },
  validityDays: 30,
  paymentTerms: "30% advance by T/T, 70% against the copy of the shipping documents.",
  sampleTerms: "Samples within 10 working days of the order of samples; their cost is refunded with the bulk order.",
  terms: "Prices per piece. Quantities, colours and sizes as listed; other quantities may change the price.",
  currency: "USD",
};

export type ReplyTemplate = { name: string; text: string };
