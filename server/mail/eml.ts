import MailComposer from "nodemailer/lib/mail-composer";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { composeQuoteNotification } from "../quote/quote-eml";
import { siteMessageId } from "./message-id";
import type { Submission } from "./schema";

export type Addresses = {
  /** The site's sender address, e.g. "SSL website <website@example.com>". */
  from: string;
  /** Who receives the leads: one address or a comma-separated list. */
  to: string;
  /** Who receives quote requests (QUOTE_MAIL_TO); `to` when unset. */
  sales?: string;
};

function contactBody(p: Extract<Submission, { form: "contact" }>["params"]): string {
  return [
    "A message from the website's Get In Touch form.",
    "",
    `Name: ${p.name}`,
    `Email: ${p.email}`,
    `Subject: ${p.subject}`,
    "",
    "Message:",
    p.message,
    "",
  ].join("\n");
}

function careerBody(p: Extract<Submission, { form: "career" }>["params"]): string {
  return [
    "A job application from the website's career form. The resume is attached.",
    "",
    `Name: ${p.name}`,
    `Email: ${p.email}`,
    `Phone: ${p.phone}`,
    `Position: ${p.position}`,
    `Resume: ${p.attachment_filename}`,
    "",
    "Cover letter:",
    p.coverLetter || "(none)",
    "",
  ].join("\n");
}

/** One accepted submission as an RFC 5322 message (the resume as a MIME attachment), ready to store or relay. */
export async function composeEml(submission: Submission, addresses: Addresses, date = new Date()): Promise<Buffer> {
  if (submission.form === "quote") return composeQuoteNotification(submission.params, addresses, { date });
  const { params } = submission;
  // What the visitor typed goes into headers without bidi or zero-width controls: a mail client
  // shows headers in lists where a reordered name or subject could pass for another.
  const name = forHeader(params.name);
  const common = {
    from: addresses.from,
    to: addresses.to,
    replyTo: { name, address: params.email },
    date,
    messageId: siteMessageId(addresses.from),
    headers: { "X-SSL-Form": submission.form },
  };
  const mail =
    submission.form === "contact"
      ? {
          ...common,
          subject: `Website contact: ${forHeader(submission.params.subject) || "(no subject)"} (from ${name})`,
          text: contactBody(submission.params),
        }
      : {
          ...common,
          subject: `Job application: ${forHeader(submission.params.position)} (from ${name})`,
          text: careerBody(submission.params),
          attachments: [
            {
              filename: submission.params.attachment_filename,
              content: submission.params.attachment.content,
              contentType: submission.params.attachment.contentType,
            },
          ],
        };
  return new MailComposer(mail).compile().build();
}
