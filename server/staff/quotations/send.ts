import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { newQuotationToken, nextVersionOf, recordSentVersion, tokenHashOf } from "../../leads/quotations";
import type { QuotationSettings } from "../../../app/lib/contracts/server-settings";
import { composeQuotationReply } from "../../mail/quotation-mails";
import type { StaffDesk } from "../desk-context";
import type { StaffEnv } from "../guard";
import type { RenderQuotation } from "./documents";
import type { SendQuotation } from "./routes";
import { quotationText as t } from "./texts";

/** The buyer's page of a version (server/site/quotation-page.tsx serves it). */
export const quotationPagePath = (token: string) => `/quotation/${token}`;

/**
 * `sendQuotation` (decisions 0113, 0119): the draft becomes the next version — its PDF rendered
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
}): SendQuotation {
  return async (c: Context<StaffEnv>, { lead, draft, revises, revisionReason }) => {
    const mail = desk.mail;
    if (!mail || !lead.request?.email) return { ok: false, problems: [{ message: t.problems.noEmail }] };
    const actor = c.get("staff")!;
    const issuedOn = now();
    const version = await nextVersionOf(desk.db, lead.id);
    const token = newQuotationToken();
    const pdf = await render({ lead, quotation: draft, version, issuedOn });
    const composed = await composeQuotationReply(desk.db, {
      actor,
      leadId: lead.id,
      addresses: mail.addresses,
      company: settings().letterhead.name,
      reference: lead.reference,
      version,
      validUntil: draft.validUntil,
      lines: draft.lines,
      link: `${origin()}${quotationPagePath(token)}`,
      pdf,
      key: randomUUID(),
      revises: revises?.version && revises.respondedAt ? { version: revises.version, acceptedAt: revises.respondedAt } : undefined,
      date: issuedOn,
    });
    if (!composed.ok) return { ok: false, problems: [{ message: composed.reason === "refused" ? composed.message : t.problems.notDraft }] };
    const sent = await recordSentVersion(desk.db, {
      leadId: lead.id,
      quotationId: draft.id,
      version,
      actor,
      tokenHash: tokenHashOf(token),
      pdf,
      reply: composed.reply,
      revisionReason: revisionReason ?? null,
      now: issuedOn,
    });
    if (!sent.ok) {
      const message = {
        closed: t.problems.closed,
        changed: t.problems.changed,
        "needs-reason": t.problems.revisionReason,
        missing: t.problems.notDraft,
        "not-draft": t.problems.notDraft,
      }[sent.reason];
      return { ok: false, problems: [sent.reason === "needs-reason" ? { fieldId: "revisionReason", message } : { message }] };
    }
    mail.relayNow();
    return { ok: true, version: sent.version, revises: sent.revises };
  };
}
