import { createHash } from "node:crypto";
import { convert } from "html-to-text";
import { simpleParser, type AddressObject, type Attachment, type EmailAddress, type ParsedMail } from "mailparser";
import { attachmentTypes, quoteLimits } from "../../../app/lib/contracts/quote";
import { detectAttachmentType } from "../../../app/lib/contracts/quote-check";
import { withoutInvisibleControls } from "../../../app/lib/contracts/visible-text";
import type { InboundMessage } from "../../leads/conversations";

// The edge of the mailbox: an e-mail's bytes, as IMAP gave them, made into the typed message the
// leads layer stores (server/leads). Nothing past this file sees a MIME part, a header name or HTML.

/**
 * The largest message read whole: the quote form's attachments at their limit, base64-encoded
 * (4/3), and room for the text. A larger one is threaded by its headers and kept without its body.
 */
export const messageMaxBytes = Math.ceil((quoteLimits.attachmentsMaxTotalBytes * 4) / 3) + 2 * 1024 * 1024;

/** The longest text kept of one message (a reply quoting a long thread below it). */
export const textMaxLength = 100_000;

/** What the desk keeps of a message's files: the quote form's types and limits (decision 0107). */
const fileLimits = { count: quoteLimits.maxAttachments, eachBytes: quoteLimits.attachmentMaxBytes, totalBytes: quoteLimits.attachmentsMaxTotalBytes };
const typeList = Object.values(attachmentTypes)
  .map((t) => t.label)
  .join(", ");

export const inboundText = {
  tooLarge: (megabytes: string) => `(This e-mail is ${megabytes} MB, more than the desk keeps: read it and its files in the company's mailbox.)`,
  cut: "(The rest of this e-mail is longer than the desk keeps: read it in the company's mailbox.)",
  notKept: "Files not kept here (they are in the company's mailbox):",
  notAFileType: `not a ${typeList} file`,
  tooBig: `larger than ${quoteLimits.attachmentMaxBytes / 1024 / 1024} MB`,
  tooMany: `more than ${quoteLimits.maxAttachments} files`,
  overTotal: `the files together are over ${quoteLimits.attachmentsMaxTotalBytes / 1024 / 1024} MB`,
  empty: "(no text)",
};

/**
 * A message read from the mailbox: one to thread into a lead, or one the desk leaves alone whatever
 * it answers — the site's own mail (the company's notification of a lead lands in the very mailbox
 * when it is the sales address) and automatic mail (out-of-office answers, bounces), which is not
 * the sender writing (decision 0107).
 */
export type ReadInbound = { kind: "message"; message: InboundMessage } | { kind: "skipped"; reason: "site" | "automatic" };

/** The headers that mark an e-mail the site itself composed (server/mail): a reply never copies them. */
const siteHeaders = ["x-ssl-form", "x-ssl-lead", "x-ssl-reference"];

function headerText(parsed: ParsedMail, name: string): string {
  const value = parsed.headers.get(name);
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object" && "value" in value && typeof value.value === "string") return value.value;
  return String(value);
}

/** RFC 3834 Auto-Submitted, the older Precedence and X-Autoreply conventions, and delivery reports. */
function isAutomatic(parsed: ParsedMail): boolean {
  const autoSubmitted = headerText(parsed, "auto-submitted").trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith("no")) return true;
  if (/^(bulk|junk|list|auto_reply)$/i.test(headerText(parsed, "precedence").trim())) return true;
  if (parsed.headers.has("x-autoreply") || parsed.headers.has("x-autorespond")) return true;
  const contentType = parsed.headers.get("content-type");
  const type = typeof contentType === "object" && contentType && "value" in contentType ? String(contentType.value) : "";
  return /^multipart\/report$/i.test(type);
}

/** "Anna Berg <anna@nordic.example>, …" as the desk shows a sender: names without quotes or controls. */
function addressText(value: AddressObject | AddressObject[] | undefined): string {
  const addresses = (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.value);
  const each = (a: EmailAddress): string[] => {
    if (a.group) return a.group.flatMap(each);
    const name = oneLine(a.name ?? "").replace(/^"(.*)"$/, "$1");
    const address = oneLine(a.address ?? "");
    return address || name ? [name && address ? `${name} <${address}>` : address || name] : [];
  };
  return addresses.flatMap(each).join(", ").slice(0, 1000);
}

/**
 * Characters no stored text keeps: C0 controls but tab, newline and CR (PostgreSQL refuses NUL in
 * text: one `=00` would fail the statement that stores the message), and UTF-16 halves without
 * their other half (not UTF-8 at all). Decoded headers and file names may carry them as well.
 */
// eslint-disable-next-line no-control-regex -- the controls are what this removes
const invalidCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const validText = (text: string) => text.replace(invalidCharacters, "");

const oneLine = (text: string) =>
  withoutInvisibleControls(validText(text))
    .replace(/[\r\n\t]+/g, " ")
    .trim();

/**
 * The Message-IDs kept of one header (decision 0133): the thread's first ones and its latest. A
 * References header of 40,000 is a mistake or an attack; the latest are the ones a reply names.
 */
export const messageIdsKept = { first: 100, last: 200 };
/** A longer Message-ID is nobody's (RFC 5322 lines are 998 bytes; real ones are under 100). */
const messageIdMaxBytes = 250;

/** Message-IDs as they are written, angle brackets included; anything else in the header is dropped. */
function messageIdsIn(text: string | string[] | undefined): string[] {
  const ids = ((Array.isArray(text) ? text.join(" ") : (text ?? "")).match(/<[^<>\s]+>/g) ?? []).filter(
    (id) => Buffer.byteLength(id) <= messageIdMaxBytes && validText(id) === id,
  );
  const { first, last } = messageIdsKept;
  return ids.length > first + last ? [...ids.slice(0, first), ...ids.slice(-last)] : ids;
}

/** The sender's address alone, lower-cased: the From header's first mailbox ("" when it names none). */
function senderAddress(value: AddressObject | AddressObject[] | undefined): string {
  const mailboxes = (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.value).flatMap((a) => (a.group ? a.group : [a]));
  return oneLine(mailboxes.find((a) => a.address)?.address ?? "").toLowerCase();
}

/** The key of a message without a Message-ID: its bytes' hash, so the same message read twice is one. */
const keyOfSource = (raw: Buffer) => `<sha256-${createHash("sha256").update(raw).digest("hex")}@inbound.invalid>`;

/** The message's own text: its text part, else its HTML converted to text (html-to-text), never HTML. */
function textOf(parsed: ParsedMail): string {
  const plain = parsed.text?.trim();
  const text = plain
    ? parsed.text!
    : parsed.html
      ? convert(parsed.html, {
          wordwrap: false,
          selectors: [
            { selector: "img", format: "skip" },
            // A table of figures (sizes, prices) keeps its rows and columns.
            { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
            { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
          ],
        })
      : "";
  const cleaned = validText(text).replace(/\r\n?/g, "\n").trim();
  return cleaned.length > textMaxLength ? `${cleaned.slice(0, textMaxLength)}\n\n${inboundText.cut}` : cleaned;
}

/** The file's name as the sender gave it, without tricks, with the extension of what it really is. */
function keptName(name: string | undefined, extension: string): string {
  const base = withoutInvisibleControls(validText(name ?? ""))
    .replace(/[/\\\r\n\t]/g, "_")
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 200);
  return `${base || "attachment"}${extension}`;
}

/**
 * The files the desk keeps: each through the one content check (what it is, read from its bytes)
 * and the quote form's limits, in the sender's order; inline images of an HTML body (a signature's
 * logo) are part of the body, which the desk shows as text, so they are not files.
 */
function filesOf(attachments: Attachment[]) {
  const kept: InboundMessage["attachments"] = [];
  const refused: string[] = [];
  let total = 0;
  for (const file of attachments) {
    if (file.related && file.contentDisposition !== "attachment") continue;
    const name = oneLine(file.filename ?? "") || "attachment";
    const type = detectAttachmentType(file.content);
    if (!type) refused.push(`${name} (${inboundText.notAFileType})`);
    else if (file.content.length > fileLimits.eachBytes) refused.push(`${name} (${inboundText.tooBig})`);
    else if (kept.length >= fileLimits.count) refused.push(`${name} (${inboundText.tooMany})`);
    else if (total + file.content.length > fileLimits.totalBytes) refused.push(`${name} (${inboundText.overTotal})`);
    else {
      total += file.content.length;
      const { extension, mimeType } = attachmentTypes[type];
      kept.push({ filename: keptName(file.filename, extension), contentType: mimeType, content: file.content });
    }
  }
  return { kept, refused };
}

/**
 * Reads one e-mail. `raw` is its source (or, for a message over `messageMaxBytes`, its header alone
 * with `size` its full size); `receivedAt` when it reached the mailbox (IMAP INTERNALDATE).
 */
export async function parseInbound(raw: Buffer, { receivedAt, size = raw.length }: { receivedAt?: Date; size?: number } = {}): Promise<ReadInbound> {
  const headerOnly = size > raw.length;
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  if (siteHeaders.some((name) => parsed.headers.has(name))) return { kind: "skipped", reason: "site" };
  if (isAutomatic(parsed)) return { kind: "skipped", reason: "automatic" };

  const [ownId] = messageIdsIn(parsed.messageId);
  const { kept, refused } = headerOnly ? { kept: [], refused: [] } : filesOf(parsed.attachments);
  const body = headerOnly ? inboundText.tooLarge((size / 1024 / 1024).toFixed(1)) : textOf(parsed) || inboundText.empty;
  const text = refused.length ? `${body}\n\n${inboundText.notKept}\n${refused.map((r) => `- ${r}`).join("\n")}` : body;
  return {
    kind: "message",
    message: {
      messageId: ownId ?? keyOfSource(raw),
      inReplyTo: messageIdsIn(parsed.inReplyTo).at(-1) ?? null,
      references: messageIdsIn(parsed.references),
      from: addressText(parsed.from),
      fromAddress: senderAddress(parsed.from),
      to: addressText(parsed.to),
      subject: oneLine(parsed.subject ?? "").slice(0, 998),
      at: receivedAt ?? parsed.date ?? new Date(),
      text,
      attachments: kept,
    },
  };
}
