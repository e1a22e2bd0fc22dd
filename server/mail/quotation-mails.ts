import MailComposer from "nodemailer/lib/mail-composer";
import { formatMoney, totalsByCurrency } from "../../app/lib/contracts/money";
import type { QuotationLine } from "../leads/quotations";
import { siteMessageId } from "./message-id";
import { longDay } from "./quotation-pdf";

// The e-mails of a quotation (issue 46): the version to the buyer, and the buyer's answer to the
// lead's assignee. Both go from the company's address (MAIL_FROM), so neither carries anything a
// stranger wrote (decision 0064): the buyer's mail holds the company's own words and figures, the
// assignee's names what happened and links to the desk, where the buyer's words are.

export const quotationMailText = {
  subject: (label: string, company: string) => `Quotation ${label} from ${company}`,
  body: (m: { label: string; company: string; validUntil: string; totals: string[]; link: string; version: number }) =>
    [
      "Hello,",
      "",
      `Please find attached our quotation ${m.label}${m.version > 1 ? ", which replaces the earlier versions" : ""}.`,
      "",
      ...m.totals.map((total) => `Total: ${total}`),
      `Valid until: ${m.validUntil}`,
      "",
      "Read it, download it, accept it or ask for changes on its private page:",
      m.link,
      "",
      "The link is yours alone: please do not forward it. Reply to this e-mail with any question.",
      "",
      m.company,
      "",
    ].join("\n"),
  answerSubject: (label: string, what: string) => `${label}: the buyer ${what}`,
  answered: { accept: "accepted it", changes: "asked for changes", decline: "declined it", renew: "asked for a new quotation" } as Record<string, string>,
  answerBody: (m: { label: string; what: string; link: string }) =>
    [`The buyer ${m.what}: ${m.label}.`, "", "Open the request in the staff desk (sign in first) to read it and answer:", m.link, ""].join("\n"),
};

/** The quotation to the buyer: the PDF attached, the private link, totals per currency and validity. */
export function composeQuotationMail({
  from,
  replyTo,
  to,
  company,
  reference,
  version,
  validUntil,
  lines,
  link,
  pdf,
  date = new Date(),
}: {
  from: string;
  replyTo?: string;
  to: string;
  company: string;
  reference: string;
  version: number;
  validUntil: string;
  lines: readonly QuotationLine[];
  link: string;
  pdf: Buffer;
  date?: Date;
}): Promise<Buffer> {
  const label = `${reference} v${version}`;
  return new MailComposer({
    from,
    to,
    replyTo: replyTo ?? from,
    date,
    messageId: siteMessageId(from),
    headers: { "X-SSL-Reference": reference, "X-SSL-Quotation": label },
    subject: quotationMailText.subject(label, company),
    text: quotationMailText.body({
      label,
      company,
      version,
      validUntil: longDay(validUntil),
      totals: totalsByCurrency(lines).map((t) => formatMoney(t.minor, t.currency)),
      link,
    }),
    attachments: [{ filename: `${reference}-v${version}.pdf`, contentType: "application/pdf", content: pdf }],
  })
    .compile()
    .build();
}

/** Tells the lead's assignee (or the sales address) what the buyer did, with a link to the lead; none of the buyer's words. */
export function composeQuotationAnswerMail({ from, to, label, action, link, date = new Date() }: { from: string; to: string; label: string; action: string; link: string; date?: Date }): Promise<Buffer> {
  const what = quotationMailText.answered[action] ?? action;
  return new MailComposer({
    from,
    to,
    date,
    messageId: siteMessageId(from),
    headers: { "X-SSL-Quotation": label, "Auto-Submitted": "auto-generated" },
    subject: quotationMailText.answerSubject(label, what),
    text: quotationMailText.answerBody({ label, what, link }),
  })
    .compile()
    .build();
}
