// A lead is a type from the edge inward (decision 0083): each form's request is read once, at the server's
// edge (server/intake), into one of these, and the store (server/leads), the mails (server/mail) and
// the staff desk see nothing else: no EmailJS parameter names, no products as a JSON string, no
// `attachment_{n}` fields. Server code only (full zod, Buffer): the forms load quote-check.ts, not this.
import { z } from "zod";
import { resumeMaxBytes } from "./constants";
import { isEmailAddress } from "./email-address";
import { fieldMaxLength as max } from "./form-endpoint";
import { resumeTypeIds } from "./resume-content";
import { acceptedResumeTypesText, resumeTypes, withResumeExtension } from "./resume-type";
import { hasVisibleText, withoutInvisibleControls } from "./visible-text";

export const leadKinds = ["contact", "career", "quote"] as const;
export type LeadKind = (typeof leadKinds)[number];

/** A file a lead carries: a resume, a quote's attachment. Its type was read from its content. */
export type LeadFile = { filename: string; contentType: string; content: Buffer };

/** The role of a file in its lead (lead_files.role). */
export const leadFileRoles = ["resume", "attachment"] as const;
export type LeadFileRole = (typeof leadFileRoles)[number];

// The rules of the text fields. The messages complete "{field}: …", as the EmailJS-compatible
// endpoint reports them (server/intake/emailjs.ts) and a form's not-sent page is chosen by field.

// Required means a character a person can see: a name of only U+200B is no name.
const oneLine = (limit: number) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .refine(hasVisibleText, "is required")
    .max(limit, `is longer than ${limit} characters`)
    .refine((s) => !/[\r\n]/.test(s), "must be a single line");
// One rule for every form's address (email-address.ts): one mailbox, no list or display name.
const email = z.string().trim().max(max.email, `is longer than ${max.email} characters`).refine(isEmailAddress, "is not an e-mail address");
// Free text is kept without the blanks around it (decision 0063): what the staff read, search and export.
const text = (limit: number) => z.string().trim().max(limit, `is longer than ${limit} characters`);

export const resumeTypeReason = `is not an accepted file type (a resume may be ${acceptedResumeTypesText}, checked by its content)`;

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, "is not a file");

/**
 * A resume as sent (its name and bytes) → the lead's file: 1 byte to 50KB, one of the resume types by
 * its content (resume-type.ts), sent with that type as its Content-Type. The type is read at the
 * edge, by the server's one file-type check (server/platform/file-kind.ts: asynchronous, so not in
 * this schema): `type` is that answer, `null` when the content is none of the types, left out when
 * the file was not read (empty or too large: its own issue says so). Bidi controls would make
 * `cv<U+202E>cod.html` read as a .doc in the mail client: removed from the name first; the name's
 * extension then follows the content (a PDF named resume.html is sent as resume.pdf).
 */
export const resumeSchema = z
  .object({
    content: bytes.superRefine((content, ctx) => {
      if (content.length === 0) ctx.addIssue({ code: "custom", message: "is an empty file" });
      else if (content.length > resumeMaxBytes) ctx.addIssue({ code: "custom", message: "is larger than 50KB" });
    }),
    type: z
      .enum(resumeTypeIds)
      .nullable()
      .optional()
      .refine((type) => type !== null, resumeTypeReason),
    filename: z
      .string()
      .transform(withoutInvisibleControls)
      .pipe(oneLine(max.attachment_filename).refine((s) => !/[/\\]/.test(s), "must be a file name")),
  })
  .transform(({ content, type: kind, filename }, ctx): LeadFile => {
    if (!kind) {
      // Not read at the edge although the file is fine: refused, never sent without a type.
      ctx.issues.push({ code: "custom", message: resumeTypeReason, input: content, path: ["content"] });
      return z.NEVER;
    }
    return { filename: withResumeExtension(filename, kind), contentType: resumeTypes[kind].mimeType, content: Buffer.from(content) };
  });

/**
 * The language a form was sent from (decision 0164): a code of content/locales.yaml, already checked
 * against the served build's languages at the edge (server/intake `localeOfForm`); absent is
 * English, the default. Not one of the lead's fields: its own column (`leads.locale`).
 */
const locale = z.string().optional();

/** A message from the Get In Touch form. */
export const contactLeadSchema = z.object({
  kind: z.literal("contact"),
  locale,
  name: oneLine(max.name),
  email,
  subject: text(max.subject)
    .refine((s) => !/[\r\n]/.test(s), "must be a single line")
    .default(""),
  message: text(max.message).min(1, "is required").refine(hasVisibleText, "is required"),
});

/** A job application with its resume. */
export const careerLeadSchema = z.object({
  kind: z.literal("career"),
  locale,
  name: oneLine(max.name),
  email,
  phone: oneLine(max.phone),
  position: oneLine(max.position),
  coverLetter: text(max.coverLetter).default(""),
  resume: resumeSchema,
});

/** A product of a quote request as the buyer asked for it: quantities are numbers; the price is the decimal typed (money is not a float). */
export const quoteLineSchema = z.object({
  /** {family}/{item}, a product of the gallery. */
  product: z.string(),
  quantity: z.number().int(),
  colours: z.number().int(),
  sizes: z.string(),
  /** "4.50", or "" for none. */
  targetPrice: z.string(),
  currency: z.string(),
  notes: z.string(),
  /**
   * The product as the site showed it when the request came (decision 0078), from the build being served:
   * its name ("Men T-Shirt"), its specification in one line and its minimum order and lead time.
   * Absent for a product the build did not describe, and in requests stored before.
   */
  label: z.string().optional(),
  summary: z.string().optional(),
  terms: z.string().optional(),
  /**
   * The product's usual minimum for the colours asked, when the request came, and whether the
   * quantity is below it: a trial order, taken and discussed with the buyer (decision 0148). The
   * leads table's `below_minimum` column is generated from `belowMinimum`. Absent in requests stored before.
   */
  minimum: z.number().int().optional(),
  belowMinimum: z.boolean().optional(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

const file = z.custom<LeadFile>((value) => typeof value === "object" && value !== null && Buffer.isBuffer((value as LeadFile).content));

/**
 * A quote request, as the shared form check (quote-check.ts, also run in the browser) passed it:
 * server/intake/quote.ts makes it, with the reference the buyer is told (Q-2026-00042).
 */
export const quoteLeadSchema = z.object({
  kind: z.literal("quote"),
  locale,
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  country: z.string(),
  buyerType: z.string(),
  incoterm: z.string(),
  destination: z.string(),
  deliveryMonth: z.string(),
  paymentMode: z.string(),
  message: z.string(),
  products: z.array(quoteLineSchema),
  attachments: z.array(file),
});

export type ContactLead = z.infer<typeof contactLeadSchema>;
export type CareerLead = z.infer<typeof careerLeadSchema>;
export type QuoteLead = z.infer<typeof quoteLeadSchema>;
/** A checked lead, as the edge hands it inward. */
export type Lead = ContactLead | CareerLead | QuoteLead;

// What the leads table's `fields` column holds for each kind: the lead's text and products, without
// its kind (the `form` column), its reference (the `reference` column) and its files (lead_files).
// Read back through these (server/leads), a field missing from an old or hand-written row as "".
const stored = z.string().default("");

export const leadFieldsSchemas = {
  contact: z.object({ name: stored, email: stored, subject: stored, message: stored }),
  career: z.object({ name: stored, email: stored, phone: stored, position: stored, coverLetter: stored }),
  quote: z.object({
    name: stored,
    email: stored,
    company: stored,
    phone: stored,
    country: stored,
    buyerType: stored,
    incoterm: stored,
    destination: stored,
    deliveryMonth: stored,
    paymentMode: stored,
    message: stored,
    products: z.array(quoteLineSchema).default([]),
  }),
} as const;

export type LeadFields = { [K in LeadKind]: z.infer<(typeof leadFieldsSchemas)[K]> };
export type ContactFields = LeadFields["contact"];
export type CareerFields = LeadFields["career"];
export type QuoteFields = LeadFields["quote"];
