import { z } from "zod";
import { isEmailAddress } from "../../app/lib/contracts/email-address";
import { fieldMaxLength as max, localMailIds } from "../../app/lib/contracts/form-endpoint";
import { resumeMaxBytes } from "../../app/lib/contracts/constants";
import { detectResumeType } from "../../app/lib/contracts/resume-content";
import { acceptedResumeTypesText, resumeTypes, withResumeExtension } from "../../app/lib/contracts/resume-type";
import { hasVisibleText, withoutInvisibleControls } from "../../app/lib/contracts/visible-text";

// What the EmailJS SDK posts (`send`): { lib_version, user_id, service_id, template_id, template_params }.
export const sendRequestSchema = z.object({
  lib_version: z.string().max(20).optional(),
  user_id: z.string().max(200),
  service_id: z.string().max(200),
  template_id: z.string().max(200),
  template_params: z.record(z.string(), z.unknown()).optional(),
});

// Required means a character a person can see: a name of only U+200B is no name.
const oneLine = (limit: number) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .refine(hasVisibleText, "is required")
    .max(limit, `is longer than ${limit} characters`)
    .refine((s) => !/[\r\n]/.test(s), "must be a single line");
// One rule for every form's address (app/lib/contracts/email-address.ts): one mailbox, no list or display name.
const email = z.string().trim().max(max.email, `is longer than ${max.email} characters`).refine(isEmailAddress, "is not an e-mail address");
// Free text is kept without the blanks around it (issue 43 §8): what the staff read, search and export.
const text = (limit: number) => z.string().trim().max(limit, `is longer than ${limit} characters`);

const dataUrlPattern = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

export const resumeTypeReason = `is not an accepted file type (a resume may be ${acceptedResumeTypesText}, checked by its content)`;

/**
 * A base64 data URL (what FileReader.readAsDataURL gives) of 1 byte to 50KB decoded, whose content
 * is one of the resume types (app/lib/contracts/resume-type.ts). The declared type is ignored: the detected
 * one becomes the attachment's Content-Type.
 */
export const attachmentSchema = z
  .string()
  .max(Math.ceil(resumeMaxBytes / 3) * 4 + 400, "is larger than 50KB")
  .transform((value, ctx) => {
    const match = dataUrlPattern.exec(value);
    const base64 = match?.[3] ?? "";
    if (!match || base64.length % 4 !== 0) {
      ctx.addIssue({ code: "custom", message: "is not a base64 data URL" });
      return z.NEVER;
    }
    const content = Buffer.from(base64, "base64");
    if (content.length === 0) {
      ctx.addIssue({ code: "custom", message: "is an empty file" });
      return z.NEVER;
    }
    if (content.length > resumeMaxBytes) {
      ctx.addIssue({ code: "custom", message: "is larger than 50KB" });
      return z.NEVER;
    }
    const type = detectResumeType(content);
    if (!type) {
      ctx.addIssue({ code: "custom", message: resumeTypeReason });
      return z.NEVER;
    }
    return { type, contentType: resumeTypes[type].mimeType as string, content };
  });

export const contactParamsSchema = z.object({
  name: oneLine(max.name),
  email,
  subject: text(max.subject).refine((s) => !/[\r\n]/.test(s), "must be a single line").default(""),
  message: text(max.message).min(1, "is required").refine(hasVisibleText, "is required"),
});

export const careerParamsSchema = z
  .object({
    name: oneLine(max.name),
    email,
    phone: oneLine(max.phone),
    position: oneLine(max.position),
    coverLetter: text(max.coverLetter).default(""),
    attachment: attachmentSchema,
    // Bidi controls would make `cv<U+202E>cod.html` read as a .doc in the mail client: removed first.
    attachment_filename: z
      .string()
      .transform(withoutInvisibleControls)
      .pipe(oneLine(max.attachment_filename).refine((s) => !/[/\\]/.test(s), "must be a file name")),
  })
  // The name's extension follows the content (a PDF named resume.html is sent as resume.pdf).
  .transform((p) => ({ ...p, attachment_filename: withResumeExtension(p.attachment_filename, p.attachment.type) }));

export type ContactParams = z.infer<typeof contactParamsSchema>;
export type CareerParams = z.infer<typeof careerParamsSchema>;

/** An attachment of a quote request: its content and the type found in it. */
export type QuoteFile = { contentType: string; content: Buffer };

/**
 * A checked quote request as the lead store keeps it (server/quote/quote-api.ts makes it from the
 * shared schema in app/lib/contracts/quote-check.ts): text fields (the products as JSON), then
 * `attachment_{n}` with `attachment_{n}_filename`.
 */
export type QuoteParams = {
  reference: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  country: string;
  buyerType: string;
  incoterm: string;
  destination: string;
  deliveryMonth: string;
  paymentMode: string;
  message: string;
  products: string;
  [attachment: `attachment_${number}`]: QuoteFile;
  [attachmentName: `attachment_${number}_filename`]: string;
};

export type Submission = { form: "contact"; params: ContactParams } | { form: "career"; params: CareerParams } | { form: "quote"; params: QuoteParams };

export const templateSchemas = {
  [localMailIds.templates.contact]: { form: "contact", schema: contactParamsSchema },
  [localMailIds.templates.career]: { form: "career", schema: careerParamsSchema },
} as const;

/** "name: is required; email: is not an e-mail address" — a reason a person can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
}
