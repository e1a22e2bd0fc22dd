import type { Context } from "hono";
import { newQuotationToken, nextVersionOf, recordSentVersion, tokenHashOf } from "../../leads/quotations";
import type { QuotationSettings } from "../../../app/lib/contracts/server-settings";
import { composeQuotationMail } from "../../mail/quotation-mails";
import type { StaffDesk } from "../desk-context";
import { requestOrigin, type StaffEnv } from "../guard";
import type { RenderQuotation } from "./documents";
import type { SendQuotation } from "./routes";
import { quotationText as t } from "./texts";

/** The buyer's page of a version (server/site/quotation-page.tsx serves it). */
export const quotationPagePath = (token: string) => `/quotation/${token}`;

/**
 * `sendQuotation` (decision 0113): the draft becomes the next version — its PDF rendered with that
 * number, a new private link (256 bits; only its hash is kept), the e-mail to the buyer with the PDF
 * and the link queued — in the one statement of `recordSentVersion`, which also supersedes the
 * earlier versions and marks the lead quoted. The one place to change when quotations travel as a
 * reply in the lead's conversation (issue 45).
 */
export function quotationSender({
  desk,
  render,
  settings,
  replyTo,
  now = () => new Date(),
}: {
  desk: StaffDesk;
  render: RenderQuotation;
  settings: () => QuotationSettings;
  /** Where the buyer's replies go (the sales address). */
  replyTo?: string;
  now?: () => Date;
}): SendQuotation {
  return async (c: Context<StaffEnv>, { lead, draft }) => {
    const mail = desk.mail;
    const to = lead.request?.email;
    if (!mail || !to) return { ok: false, problems: [{ message: t.problems.noEmail }] };
    const issuedOn = now();
    const version = await nextVersionOf(desk.db, lead.id);
    const token = newQuotationToken();
    const pdf = await render({ lead, quotation: draft, version, issuedOn });
    const eml = await composeQuotationMail({
      from: mail.from,
      replyTo,
      to,
      company: settings().letterhead.name,
      reference: lead.reference,
      version,
      validUntil: draft.validUntil,
      lines: draft.lines,
      link: `${requestOrigin(c, desk.trustedProxies)}${quotationPagePath(token)}`,
      pdf,
      date: issuedOn,
    });
    const sent = await recordSentVersion(desk.db, {
      leadId: lead.id,
      quotationId: draft.id,
      version,
      actor: c.get("staff")!,
      tokenHash: tokenHashOf(token),
      pdf,
      mail: { eml, recipients: to },
      now: issuedOn,
    });
    if (!sent.ok) return { ok: false, problems: [{ message: sent.reason === "closed" ? t.problems.closed : sent.reason === "changed" ? t.problems.changed : t.problems.notDraft }] };
    mail.relayNow();
    return { ok: true, version: sent.version };
  };
}
