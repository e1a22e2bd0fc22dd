import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { isUniqueViolation } from "../../db/db";
import { newQuotationToken, nextVersionOf, recordSentVersion, tokenHashOf, type Quotation, type QuotedLead } from "../../leads/quotations";
import type { QuotationSettings } from "../../../app/lib/contracts/server-settings";
import { composeQuotationReply, quotationMailDefaultText, quotationPdfName } from "../../mail/quotation-mails";
import { replyFrame, replyTextOf } from "../../mail/replies";
import type { StaffDesk } from "../desk-context";
import type { RenderQuotation } from "./documents";
import type { StaffEnv } from "../guard";
import type { Problem } from "../ui";
import { quotationText as t } from "./texts";

/** The covering e-mail of the next version as it would go (decision 0151), and what its form carries to the send. */
export type QuotationMailPreview = {
  from: string;
  to: string;
  /** The thread's subject (decision 0135). */
  subject: string;
  /** The PDF's file name. */
  attachment: string;
  /** The text sales may edit: the company's default, with the version's private link. */
  text: string;
  /** The previous message quoted below the text, as it goes; null when none is. */
  quoted: string | null;
  /** Carried by the preview's form: the version's number, its private link's token, the Message-ID's key and the message quoted. */
  sent: SentAs;
};
export type SentAs = { version: number; token: string; key: string; quotes: number | null };

type Problems = { ok: false; problems: Problem[] };

/**
 * Shows, then sends, a draft as the next version (server/staff/quotations/send.ts makes it):
 * `preview` composes the covering e-mail as it would go; `send` renders the PDF and queues the e-mail
 * with the text sales sent, all recorded in one statement; the problems when it cannot.
 */
export type QuotationMailer = {
  preview: (
    c: Context<StaffEnv>,
    args: { lead: QuotedLead; draft: Quotation; revises?: Quotation },
  ) => Promise<{ ok: true; mail: QuotationMailPreview } | Problems>;
  send: (
    c: Context<StaffEnv>,
    /** `revises`: the accepted version the draft revises, sent with `revisionReason` (decision 0137). */
    args: { lead: QuotedLead; draft: Quotation; revises?: Quotation; revisionReason?: string; text: string; sent: SentAs },
  ) => Promise<{ ok: true; version: number; revises: number | null } | Problems>;
};

/** The buyer's page of a version (server/site/quotation-page.tsx serves it). */
export const quotationPagePath = (token: string) => `/quotation/${token}`;

/**
 * `quotationSender` (decisions 0113, 0119, 0151): `preview` shows sales the covering e-mail as it
 * will go (From, To, the thread's subject, the text with the private link, the message quoted below
 * it) and `send` sends it with the text as sales left it: the draft becomes the next version — its PDF rendered
 * with that number, a new private link (256 bits; only its hash is kept) — and travels as a reply
 * of the lead's conversation (server/mail/replies.ts: the staff member's name via the sales
 * address, `Re: Your quote request [Q-…]`, In-Reply-To/References the thread's last message, the PDF attached, the
 * link in the text). `recordSentVersion` stores the version, the supersession of the earlier ones,
 * the message with its PDF and its mail job and the lead's move to quoted in one statement.
 * A revision of an accepted version (decision 0137) goes with its reason, and its e-mail tells the
 * buyer which accepted version it revises and that that one stands until they accept the revision.
 */
export function quotationSender({
  desk,
  render,
  settings,
  origin,
  now = () => new Date(),
}: {
  desk: StaffDesk;
  render: RenderQuotation;
  settings: () => QuotationSettings;
  /**
   * The site's public origin (SITE_URL, server-config.ts `publicOrigin`), never the request's Host:
   * a member of staff on an internal address or a tunnel would send the buyer where he cannot go
   * (decision 0135).
   */
  origin: () => string;
  now?: () => Date;
}): QuotationMailer {
  const linkOf = (token: string) => `${origin()}${quotationPagePath(token)}`;
  const revisesOf = (revises: Quotation | undefined) =>
    revises?.version && revises.respondedAt ? { version: revises.version, acceptedAt: revises.respondedAt } : undefined;

  return {
    // The e-mail as it would go now (decision 0151): a new private link and Message-ID key, carried by the form to the send.
    async preview(c, { lead, draft, revises }) {
      const mail = desk.mail;
      if (!mail || !lead.request?.email) return { ok: false, problems: [{ message: t.problems.noEmail }] };
      const actor = c.get("staff")!;
      const framed = await replyFrame(desk.db, { types: ["quote"], actor, leadId: lead.id, addresses: mail.addresses });
      if (!framed.ok) return { ok: false, problems: [{ message: framed.reason === "refused" ? framed.message : t.problems.notDraft }] };
      const { frame } = framed;
      const version = await nextVersionOf(desk.db, lead.id);
      const token = newQuotationToken();
      return {
        ok: true,
        mail: {
          from: `${frame.from.name} <${frame.from.address}>`,
          to: frame.to,
          subject: frame.subject,
          attachment: quotationPdfName(lead.reference, version),
          text: quotationMailDefaultText({
            sender: actor.name,
            company: settings().letterhead.name,
            reference: lead.reference,
            version,
            validUntil: draft.validUntil,
            lines: draft.lines,
            link: linkOf(token),
            revises: revisesOf(revises),
          }),
          quoted: frame.quoted?.text ?? null,
          sent: { version, token, key: randomUUID(), quotes: frame.quoted?.messageId ?? null },
        },
      };
    },

    async send(c, { lead, draft, revisionReason, text, sent: shown }) {
      const mail = desk.mail;
      if (!mail || !lead.request?.email) return { ok: false, problems: [{ message: t.problems.noEmail }] };
      const actor = c.get("staff")!;
      const issuedOn = now();
      const version = await nextVersionOf(desk.db, lead.id);
      if (version !== shown.version) return { ok: false, problems: [{ message: t.problems.changed }] };
      // The buyer answers on the version's page: its link stays in the text, as shown (decision 0151).
      if (!replyTextOf(text).includes(linkOf(shown.token)))
        return { ok: false, problems: [{ fieldId: "text", message: t.mail.linkMissing(linkOf(shown.token)) }] };
      const pdf = await render({ lead, quotation: draft, version, issuedOn });
      const composed = await composeQuotationReply(desk.db, {
        actor,
        leadId: lead.id,
        addresses: mail.addresses,
        reference: lead.reference,
        version,
        text,
        quotes: shown.quotes,
        pdf,
        key: shown.key,
        date: issuedOn,
      });
      if (!composed.ok)
        return { ok: false, problems: [composed.reason === "refused" ? { fieldId: "text", message: composed.message } : { message: t.problems.notDraft }] };
      // A private link or Message-ID an earlier version took (a form posted again by hand): nothing stored, shown again.
      const sent = await recordSentVersion(desk.db, {
        leadId: lead.id,
        quotationId: draft.id,
        version,
        actor,
        tokenHash: tokenHashOf(shown.token),
        pdf,
        reply: composed.reply,
        revisionReason: revisionReason ?? null,
        now: issuedOn,
        files: desk.files,
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) return { ok: false as const, reason: "changed" as const };
        throw error;
      });
      if (!sent.ok) {
        const message = {
          closed: t.problems.closed,
          changed: t.problems.changed,
          "needs-reason": t.problems.revisionReason,
          missing: t.problems.notDraft,
          "not-draft": t.problems.notDraft,
        }[sent.reason];
        return { ok: false, problems: [{ message }] };
      }
      mail.relayNow();
      return { ok: true, version: sent.version, revises: sent.revises };
    },
  };
}
