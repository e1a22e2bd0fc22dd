import { eq } from "drizzle-orm";
import { formatMoney, totalsByCurrency, type PricedLine } from "../../../app/lib/contracts/money";
import type { ReplyTemplate } from "../../../app/lib/contracts/server-settings";
import type { Database } from "../../db/db";
import { versionLabel } from "../../leads/quotations";
import { longDay } from "../../platform/utc-time";
import { staffSettings } from "../schema";

// A quotation the buyer has not answered (decision 0158): after how many days it comes back to its
// assignee (an admin's setting, kept in staff_settings), and the follow-up reply the desk suggests
// (a reply template of the studio's, its quotation placeholders filled by the server).

/** Calendar days: the buyer's silence is counted in the buyer's days, not the desk's working week (decision 0158). */
export const followUpDaysDefault = 5;
export const followUpDaysMin = 1;
export const followUpDaysMax = 60;

const settingKey = "quotation-follow-up";

/** The days an admin set, or the default (also when the stored value no longer reads). */
export async function loadFollowUpDays(db: Database): Promise<number> {
  const [row] = await db.select({ value: staffSettings.value }).from(staffSettings).where(eq(staffSettings.key, settingKey));
  if (!row) return followUpDaysDefault;
  try {
    const days = (JSON.parse(row.value) as { days?: unknown }).days;
    return typeof days === "number" && Number.isInteger(days) && days >= followUpDaysMin && days <= followUpDaysMax ? days : followUpDaysDefault;
  } catch {
    return followUpDaysDefault;
  }
}

export async function saveFollowUpDays(db: Database, days: number): Promise<void> {
  const value = JSON.stringify({ days });
  await db.insert(staffSettings).values({ key: settingKey, value }).onConflictDoUpdate({ target: staffSettings.key, set: { value } });
}

/** Whole days from `since` to `now`, rounded down: "unanswered for 6 days". */
export const daysSince = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 86_400_000));

/** The placeholder that makes a reply template the suggested follow-up (the first template that names it). */
export const quotationPlaceholder = "{quotation}";

/** The reply template the desk suggests for an unanswered quotation; undefined when the studio has none naming {quotation}. */
export const followUpTemplateOf = (templates: readonly ReplyTemplate[]) => templates.find((tpl) => tpl.text.includes(quotationPlaceholder));

/** A sent version as a reply template's quotation placeholders need it. */
export type TemplateQuotation = { reference: string; version: number; sentAt: Date; validUntil: string; lines: readonly PricedLine[] };

/**
 * A reply template's text with its placeholders filled: {name}, {reference}, {staff} (decision
 * 0135), and from the lead's newest sent version {quotation} ("Q-2026-00042 v2"), {totals} (per
 * currency, "USD 12,500.00 and EUR 300.00"), {validUntil} and {sentOn} (long days). The version's
 * private link is never one of them: only its hash is kept (decision 0113), and the template says
 * the link is in our e-mail of {sentOn}. Without a version, its placeholders stay as written.
 */
export function fillReplyTemplate(text: string, values: { name: string; reference: string; staff: string; quotation?: TemplateQuotation }): string {
  const filled = text.replaceAll("{name}", values.name).replaceAll("{reference}", values.reference).replaceAll("{staff}", values.staff);
  const q = values.quotation;
  if (!q) return filled;
  const totals = totalsByCurrency(q.lines).map((t) => formatMoney(t.minor, t.currency));
  return filled
    .replaceAll(quotationPlaceholder, versionLabel(q.reference, q.version))
    .replaceAll("{totals}", totals.join(" and ") || "not priced")
    .replaceAll("{validUntil}", longDay(q.validUntil))
    .replaceAll("{sentOn}", longDay(q.sentAt));
}
