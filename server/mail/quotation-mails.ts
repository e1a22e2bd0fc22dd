import MailComposer from "nodemailer/lib/mail-composer";
import { formatMoney, totalsByCurrency } from "../../app/lib/contracts/money";
import type { Database } from "../db/db";
import type { Actor } from "../leads/inbox";
import type { QuotationLine } from "../leads/quotations";
import type { Addresses } from "./addresses";
import { siteMessageId } from "./message-id";
import { longDay, utcMinute } from "../platform/utc-time";
import { replyThread, type OutgoingReply } from "../leads/conversations";
import { composeLeadReply, replyFrame, replyMessageId, type ComposedReply } from "./replies";

// The e-mails of a quotation (decision 0113): the version to the buyer, a reply of the lead's
// conversation from the sales address (decision 0119), and the buyer's answer to the lead's
// assignee, from the site's address (MAIL_FROM). Neither carries anything a stranger wrote
// (decision 0064): the buyer's mail holds the company's own words and figures, the assignee's names
// what happened and links to the desk, where the buyer's words are.

export const quotationMailText = {
  body: (m: {
    label: string;
    sender: string;
    company: string;
    validUntil: string;
    totals: string[];
    link: string;
    version: number;
    revises?: { label: string; acceptedOn: string };
  }) =>
    [
      "Hello,",
      "",
      ...(m.revises
        ? [
            `Please find attached our quotation ${m.label}: a revision of ${m.revises.label}, which you accepted on ${m.revises.acceptedOn}.`,
            `${m.revises.label} stays accepted as it is until you accept this revision.`,
          ]
        : [`Please find attached our quotation ${m.label}${m.version > 1 ? ", which replaces the earlier versions" : ""}.`]),
      "",
      ...m.totals.map((total) => `Total: ${total}`),
      `Valid until: ${m.validUntil}`,
      "",
      "Read it, download it, accept it or ask for changes on its private page:",
      m.link,
      "",
      "The link is yours alone: please do not forward it. Reply to this e-mail with any question.",
      "",
      m.sender,
      m.company,
      "",
    ].join("\n"),
  answerSubject: (label: string, what: string) => `${label}: the buyer ${what}`,
  answered: { accept: "accepted it", changes: "asked for changes", decline: "declined it", renew: "asked for a new quotation" } as Record<string, string>,
  answerBody: (m: { label: string; what: string; link: string }) =>
    [`The buyer ${m.what}: ${m.label}.`, "", "Open the request in the staff desk (sign in first) to read it and answer:", m.link, ""].join("\n"),
};

/** What the buyer's e-mail of a version says unless sales write otherwise (decision 0151: shown, editable, before it is sent). */
export function quotationMailDefaultText({
  sender,
  company,
  reference,
  version,
  validUntil,
  lines,
  link,
  revises,
}: {
  sender: string;
  company: string;
  reference: string;
  version: number;
  validUntil: string;
  lines: readonly QuotationLine[];
  link: string;
  /** The accepted version this one revises (decision 0137): the buyer is told it is being revised. */
  revises?: { version: number; acceptedAt: Date };
}): string {
  return quotationMailText.body({
    label: `${reference} v${version}`,
    sender,
    company,
    version,
    validUntil: longDay(validUntil),
    totals: totalsByCurrency(lines).map((t) => formatMoney(t.minor, t.currency)),
    link,
    revises: revises && { label: `${reference} v${revises.version}`, acceptedOn: longDay(revises.acceptedAt) },
  });
}

/**
 * The quotation to the buyer as a reply of the lead's conversation (decision 0119: the
 * desk's reply path): From `{staff name} via SSL <sales address>`, the thread's `Re: Your quote request [Q-…]` subject and
 * In-Reply-To/References, the PDF attached, and the text sales were shown and sent (decision 0151;
 * `quotationMailDefaultText` unless they changed it), the message it was shown quoting below it.
 * Composed only: `recordSentVersion` stores it with the version in one statement.
 */
export function composeQuotationReply(
  db: Database,
  {
    actor,
    leadId,
    addresses,
    reference,
    version,
    text,
    quotes,
    pdf,
    key,
    date = new Date(),
  }: {
    actor: Actor;
    leadId: number;
    addresses: Addresses;
    reference: string;
    version: number;
    /** The e-mail's text as sales sent it. */
    text: string;
    /** The message sales saw quoted below the text (null: none); another one now refuses the send. */
    quotes: number | null;
    pdf: Buffer;
    /** Makes the message's Message-ID (a UUID from the CSPRNG). */
    key: string;
    date?: Date;
  },
): Promise<ComposedReply> {
  const label = `${reference} v${version}`;
  return composeLeadReply(db, {
    types: ["quote"],
    actor,
    leadId,
    text,
    quotes,
    attachments: [{ filename: quotationPdfName(reference, version), contentType: "application/pdf", content: pdf }],
    purpose: "quotation",
    key,
    addresses,
    date,
    headers: { "X-SSL-Quotation": label },
  });
}

/** The attached PDF's file name: "Q-2026-00042-v2.pdf". */
export const quotationPdfName = (reference: string, version: number) => `${reference}-v${version}.pdf`;

/** Tells the lead's assignee (or the sales address) what the buyer did, with a link to the lead; none of the buyer's words. */
export function composeQuotationAnswerMail({
  from,
  to,
  label,
  action,
  link,
  date = new Date(),
}: {
  from: string;
  to: string;
  label: string;
  action: string;
  link: string;
  date?: Date;
}): Promise<Buffer> {
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

/**
 * The words of the company's confirmation to the buyer of their acceptance (decision 0155): company
 * words only. Who accepted (a name and position typed on the page) is never in it: anything a
 * stranger can write never goes out from the company's address; the page shows it.
 */
export const acceptanceMailText = {
  body: (m: { label: string; when: string; link: string | null; sender: string; company: string }) =>
    [
      "Hello,",
      "",
      `Thank you: our quotation ${m.label} was accepted on ${m.when} on its private page.`,
      "",
      `The accepted version is attached as a PDF, exactly as we sent it.${m.link ? " Its page shows the acceptance and keeps the quotation for you:" : ""}`,
      ...(m.link ? [m.link] : []),
      "",
      "We will be in touch to confirm the order. Reply to this e-mail with any question.",
      "",
      m.sender,
      m.company,
      "",
    ].join("\n"),
};

/**
 * The confirmation of an acceptance, to the buyer (decision 0155): a reply of the lead's conversation
 * as the version's own e-mail was (decision 0119) — From `{the version's sender} via SSL <sales
 * address>`, To the lead's e-mail, the thread's one subject (decision 0135), In-Reply-To/References
 * the thread's last message — with the accepted version's PDF as stored (byte for byte) and its page's
 * link. Nothing quoted below it, none of the buyer's words. Composed only: `answerQuotation` stores it
 * with the acceptance in one statement. Undefined when the lead has no e-mail address.
 */
export async function composeAcceptanceConfirmation(
  db: Database,
  {
    leadId,
    reference,
    version,
    acceptedAt,
    sender,
    company,
    link,
    pdf,
    addresses,
    key,
  }: {
    leadId: number;
    reference: string;
    version: number;
    acceptedAt: Date;
    /** Who sent the version: the confirmation comes from the same sender. */
    sender: string;
    company: string;
    /** The version's private page (from SITE_URL); null: none is given. */
    link: string | null;
    /** The version's PDF as stored when it was sent. */
    pdf: Buffer;
    addresses: Addresses;
    /** Makes the Message-ID (a UUID from the CSPRNG). */
    key: string;
  },
): Promise<OutgoingReply | undefined> {
  const framed = await replyFrame(db, { types: ["quote"], actor: { id: "system", name: sender }, leadId, addresses });
  if (!framed.ok) return undefined;
  const { from, to, subject } = framed.frame;
  const label = `${reference} v${version}`;
  const thread = await replyThread(db, leadId);
  const messageId = replyMessageId(key, from.address);
  const body = acceptanceMailText.body({ label, when: utcMinute(acceptedAt), link, sender, company });
  const attachments = [{ filename: quotationPdfName(reference, version), contentType: "application/pdf", content: pdf }];
  const eml = await new MailComposer({
    from,
    to,
    replyTo: from.address,
    date: acceptedAt,
    messageId,
    inReplyTo: thread.inReplyTo ?? undefined,
    references: thread.references.length ? thread.references : undefined,
    headers: { "X-SSL-Quotation": label, "X-SSL-Reference": reference, "Auto-Submitted": "auto-generated" },
    subject,
    text: body,
    attachments,
  })
    .compile()
    .build();
  return {
    messageId,
    inReplyTo: thread.inReplyTo,
    references: thread.references,
    from: `${from.name} <${from.address}>`,
    to,
    subject,
    body: body.trimEnd(),
    attachments,
    purpose: "acceptance",
    eml,
    recipients: [to],
  };
}
