import MailComposer from "nodemailer/lib/mail-composer";
import addressparser from "nodemailer/lib/addressparser";
import type { LeadFile, LeadKind } from "../../app/lib/contracts/leads";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { leadMessagesOf, replyThread, storeReply, type LeadMessage, type OutgoingReply, type ReplyStored } from "../leads/conversations";
import type { Database } from "../db/db";
import { getLead, type Actor } from "../leads/inbox";
import { fieldText } from "../leads/lead-record";
import type { LeadFiles } from "../leads/files";
import type { Addresses } from "./addresses";
import { acknowledgementSubject } from "./quote-mails";

// A staff member's reply to a lead (decision 0100): composed here, stored with its mail job
// by server/leads (one statement), sent once by the relay.

export const replyMaxLength = 20_000;

/**
 * The subject of every message the company sends in a lead's thread (decision 0135): the company's
 * words and the reference, never what the visitor typed (a contact form's subject, a quote's
 * products, an application's position). A quote's thread continues its acknowledgement's subject;
 * the reference in brackets threads an answer that lost its headers (the inbound reader's
 * `referenceTagPattern`).
 */
export function replySubject(type: LeadKind, reference: string): string {
  if (type === "quote") return `Re: ${acknowledgementSubject(reference)}`;
  return `Re: ${type === "career" ? "Your application to SSL" : "Your message to SSL"} [${reference}]`;
}

/** How much of the previous message a reply quotes (decision 0135): whole lines, at most this many of each. */
export const quoteMaxLines = 40;
export const quoteMaxChars = 4_000;

const bareAddress = (header: string) => (addressparser(header, { flatten: true })[0]?.address ?? "").toLowerCase();

const quoteDate = (at: Date) =>
  `${at.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })} at ${at.toISOString().slice(11, 16)} UTC`;

/**
 * The message a reply quotes below its text (decision 0135): the latest of the thread that is the
 * company's own (a reply or quotation sent from the desk) or the buyer's e-mail from the very
 * address the reply goes to. Never the web form's text nor mail from another address: anyone can type
 * anyone's address into a form, and what a stranger wrote never goes out from the company's address.
 */
export function quotedMessage(messages: readonly LeadMessage[], to: string): LeadMessage | undefined {
  const recipient = to.toLowerCase();
  return messages.findLast((m) => m.direction === "out" || bareAddress(m.from) === recipient);
}

/** "On Thu, 5 Mar 2026 at 11:00 UTC, Li Wei <li@harbour.cn> wrote:" and the message's lines after "> ", bounded. */
export function quoteOf(message: Pick<LeadMessage, "at" | "from" | "body">): string {
  const lines = message.body.replace(/\r\n?/g, "\n").trimEnd().split("\n");
  const kept: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (kept.length === quoteMaxLines || chars + line.length > quoteMaxChars) break;
    kept.push(line);
    chars += line.length + 1;
  }
  const quoted = kept.map((line) => (line ? `> ${line}` : ">"));
  if (kept.length < lines.length) quoted.push("> […]");
  return [`On ${quoteDate(message.at)}, ${forHeader(message.from).replace(/\s+/g, " ").trim()} wrote:`, ...quoted].join("\n");
}

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
  /** What the staff member wrote; the thread's previous message is quoted below it (`quotedMessage`, decision 0135). */
  text: string;
  /** Files already through the one content check and the quote form's limits; a quotation's PDF among them (decision 0119). */
  attachments: LeadFile[];
  purpose?: "quotation";
  /** The reply form's key (a UUID from the server's CSPRNG): makes its Message-ID. */
  key: string;
  addresses: Addresses;
  date?: Date;
  /** More headers of the company's own (a quotation's `X-SSL-Quotation`). */
  headers?: Record<string, string>;
  /**
   * The message the sender was shown quoted below the text (null: none): when another is quoted now,
   * nothing is composed (refused with `quoteChangedMessage`), so what goes is what was shown (decision 0151).
   */
  quotes?: number | null;
};

/** A reply composed for its lead, ready to store (`storeReply`, or with a quotation's version: `recordSentVersion`). */
export type ComposedReply = { ok: true; leadId: number; firstStatus: string | null; reply: OutgoingReply } | Exclude<ReplyStored, { ok: true }>;

/** Why a reply shown with one quoted message is not sent when the thread now quotes another (decision 0151). */
export const quoteChangedMessage =
  "A new message came in this thread since the e-mail was shown; nothing was sent. The e-mail now quotes it: check it and send again.";

/**
 * Composes a reply: From `{Staff name} via SSL <company address>`, To the lead's e-mail, the
 * thread's subject with the reference, In-Reply-To/References the thread's last message, the text
 * and below it the quoted previous message (decision 0135; the stored `body` is the staff member's
 * text only, as the timeline shows it). Nothing is stored: the caller stores it with its mail job in
 * one statement.
 */
/**
 * Everything of a reply but its text, as it would go now (decision 0151: the covering e-mail of a
 * quotation is shown before it is sent): From, To, the thread's subject and the previous message
 * quoted below the text (its id, so a message arriving meanwhile can be noticed), or why there is none.
 */
export type ReplyFrame = {
  leadId: number;
  type: LeadKind;
  reference: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** The quote below the text (`quoteOf`), and the message it quotes; null when the thread has none to quote. */
  quoted: { messageId: number; text: string } | null;
};

export async function replyFrame(
  db: Database,
  input: Pick<ReplyInput, "types" | "actor" | "leadId" | "addresses">,
): Promise<{ ok: true; frame: ReplyFrame } | Exclude<ReplyStored, { ok: true }>> {
  const lead = await getLead(db, input.types, input.leadId);
  if (!lead.ok) return lead;
  const to = fieldText(lead.value.content, "email");
  if (!to) return { ok: false, reason: "refused", message: "This lead has no e-mail address to answer." };
  const address = companyAddressFor(lead.value.type, input.addresses);
  const previous = quotedMessage(await leadMessagesOf(db, lead.value.id), to);
  return {
    ok: true,
    frame: {
      leadId: lead.value.id,
      type: lead.value.type,
      reference: lead.value.reference,
      from: { name: `${forHeader(input.actor.name)} via SSL`, address },
      to,
      subject: replySubject(lead.value.type, lead.value.reference),
      quoted: previous ? { messageId: previous.id, text: quoteOf(previous) } : null,
    },
  };
}

/** A reply's text as it is sent and stored: line ends as "\n", without the blank lines and spaces around it. */
export const replyTextOf = (text: string) => text.replace(/\r\n?/g, "\n").trim();

/** The body of the message: the text and, below it, the quoted previous message. */
export const replyBodyOf = (text: string, quoted: ReplyFrame["quoted"]) => (quoted ? `${text}\n\n${quoted.text}\n` : `${text}\n`);

export async function composeLeadReply(db: Database, input: ReplyInput): Promise<ComposedReply> {
  const framed = await replyFrame(db, input);
  if (!framed.ok) return framed;
  const { frame } = framed;
  const text = replyTextOf(input.text);
  if (!text) return { ok: false, reason: "refused", message: "The reply is empty: write something to send it." };
  if (text.length > replyMaxLength)
    return { ok: false, reason: "refused", message: `The reply is longer than ${replyMaxLength.toLocaleString("en")} characters.` };
  if (input.quotes !== undefined && input.quotes !== (frame.quoted?.messageId ?? null)) return { ok: false, reason: "refused", message: quoteChangedMessage };
  const { from, to, subject } = frame;
  const address = from.address;
  const thread = await replyThread(db, frame.leadId);
  const messageId = replyMessageId(input.key, address);
  const eml = await new MailComposer({
    from,
    to,
    replyTo: address,
    date: input.date ?? new Date(),
    messageId,
    inReplyTo: thread.inReplyTo ?? undefined,
    references: thread.references.length ? thread.references : undefined,
    headers: { ...input.headers, "X-SSL-Reference": frame.reference },
    subject,
    text: replyBodyOf(text, frame.quoted),
    attachments: input.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
  })
    .compile()
    .build();
  return {
    ok: true,
    leadId: frame.leadId,
    firstStatus: firstStatusOf(frame.type, input.purpose),
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

/** Composes and stores a reply (`composeLeadReply`, `storeReply`; its message and files in the bucket with `files`'s). The caller wakes the relay when it resolves ok. */
export async function sendLeadReply(db: Database, input: ReplyInput, files?: LeadFiles): Promise<ReplyStored> {
  const composed = await composeLeadReply(db, input);
  if (!composed.ok) return composed;
  return storeReply(db, { types: input.types, actor: input.actor, leadId: composed.leadId, firstStatus: composed.firstStatus, reply: composed.reply, files });
}
