import MailComposer from "nodemailer/lib/mail-composer";
import addressparser from "nodemailer/lib/addressparser";
import type { LeadFile, LeadKind } from "../../app/lib/contracts/leads";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { replyThread, storeReply, type OutgoingReply, type ReplyStored } from "../leads/conversations";
import type { Database } from "../leads/db";
import { getLead, type Actor } from "../leads/inbox";
import { fieldText, topicOf } from "../leads/lead-record";
import type { Addresses } from "./addresses";

// A staff member's reply to a lead (issue 45, decision 0100): composed here, stored with its mail job
// by server/leads (one statement), sent once by the relay.

export const replyMaxLength = 20_000;

/** The subject of every message of a lead's thread: the reference in brackets threads an answer that lost its headers. */
export const replySubject = (topic: string, reference: string) => (topic ? `Re: ${forHeader(topic)} [${reference}]` : `Your message to SSL [${reference}]`);

/**
 * The company's address for a lead type: quote requests are answered from the sales address
 * (QUOTE_MAIL_TO's first), everything else from the company's (MAIL_TO's first). The buyer's answer
 * comes back there, to the mailbox the desk reads (IMAP_URL).
 */
export function companyAddressFor(type: LeadKind, addresses: Addresses): string {
  const list = type === "quote" ? (addresses.sales ?? addresses.to) : addresses.to;
  return addressparser(list, { flatten: true })[0]?.address ?? "info@localhost";
}

/** What a reply moves a `new` lead to (decision 0100): contact and quote to in progress (a quotation: quoted); an application keeps its status. */
export function firstStatusOf(type: LeadKind, purpose?: "quotation"): string | null {
  if (type === "contact") return "in_progress";
  if (type === "quote") return purpose === "quotation" ? "quoted" : "in_progress";
  return null;
}

/** A Message-ID the reply form's key decides: the same form posted twice is one message (stored once). */
export const replyMessageId = (key: string, address: string) => `<reply-${key}@${address.split("@")[1] || "localhost"}>`;

export const replyKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type ReplyInput = {
  types: readonly LeadKind[];
  actor: Actor;
  leadId: number;
  /** What the staff member wrote (never the buyer's words quoted automatically). */
  text: string;
  /** Files already through the one content check and the quote form's limits; a quotation's PDF among them (issue 46). */
  attachments: LeadFile[];
  purpose?: "quotation";
  /** The reply form's key (a UUID from the server's CSPRNG): makes its Message-ID. */
  key: string;
  addresses: Addresses;
  date?: Date;
  /** More headers of the company's own (a quotation's `X-SSL-Quotation`). */
  headers?: Record<string, string>;
};

/** A reply composed for its lead, ready to store (`storeReply`, or with a quotation's version: `recordSentVersion`). */
export type ComposedReply = { ok: true; leadId: number; firstStatus: string | null; reply: OutgoingReply } | Exclude<ReplyStored, { ok: true }>;

/**
 * Composes a reply: From `{Staff name} via SSL <company address>`, To the lead's e-mail, the
 * thread's subject with the reference, In-Reply-To/References the thread's last message. Nothing is
 * stored: the caller stores it with its mail job in one statement.
 */
export async function composeLeadReply(db: Database, input: ReplyInput): Promise<ComposedReply> {
  const lead = await getLead(db, input.types, input.leadId);
  if (!lead.ok) return lead;
  const to = fieldText(lead.value.content, "email");
  if (!to) return { ok: false, reason: "refused", message: "This lead has no e-mail address to answer." };
  const text = input.text.replace(/\r\n?/g, "\n").trim();
  if (!text) return { ok: false, reason: "refused", message: "The reply is empty: write something to send it." };
  if (text.length > replyMaxLength) return { ok: false, reason: "refused", message: `The reply is longer than ${replyMaxLength.toLocaleString("en")} characters.` };
  const address = companyAddressFor(lead.value.type, input.addresses);
  const from = { name: `${forHeader(input.actor.name)} via SSL`, address };
  const thread = await replyThread(db, lead.value.id);
  const subject = replySubject(topicOf(lead.value.content), lead.value.reference);
  const messageId = replyMessageId(input.key, address);
  const eml = await new MailComposer({
    from,
    to,
    replyTo: address,
    date: input.date ?? new Date(),
    messageId,
    inReplyTo: thread.inReplyTo ?? undefined,
    references: thread.references.length ? thread.references : undefined,
    headers: { ...input.headers, "X-SSL-Reference": lead.value.reference },
    subject,
    text: `${text}\n`,
    attachments: input.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
  })
    .compile()
    .build();
  return {
    ok: true,
    leadId: lead.value.id,
    firstStatus: firstStatusOf(lead.value.type, input.purpose),
    reply: {
      messageId,
      inReplyTo: thread.inReplyTo,
      references: thread.references,
      from: `${from.name} <${address}>`,
      to,
      subject,
      body: text,
      attachments: input.attachments,
      purpose: input.purpose,
      eml,
      recipients: [to],
    },
  };
}

/** Composes and stores a reply (`composeLeadReply`, `storeReply`). The caller wakes the relay when it resolves ok. */
export async function sendLeadReply(db: Database, input: ReplyInput): Promise<ReplyStored> {
  const composed = await composeLeadReply(db, input);
  if (!composed.ok) return composed;
  return storeReply(db, { types: input.types, actor: input.actor, leadId: composed.leadId, firstStatus: composed.firstStatus, reply: composed.reply });
}
