import { formatMoney, totalsByCurrency } from "../../../app/lib/contracts/money";
import type { Database } from "../../db/db";
import { openQuotationsValidUntil, type PipelineQuotation } from "../../leads/pipeline";
import { dayAfter, versionLabel } from "../../leads/quotations";
import { digestText, type DigestQuotation, type DigestSection } from "../../mail/digest-mail";
import type { DigestStaff } from "../digest";
import { countryLabel } from "./pipeline-views";
import { quotationRoles } from "./routes";

// The morning digest's "Quotations expiring within 7 days" (decision 0117): the open
// versions whose last valid day falls within 7 days of the digest's time.

/** How the digest names a quotation: its buyer by company and country only (none of the person's data in an e-mail, decision 0062). */
export function digestQuotation(q: PipelineQuotation): DigestQuotation {
  const country = countryLabel(q.buyer.country);
  return {
    leadId: q.leadId,
    label: versionLabel(q.reference, q.version),
    buyer: q.buyer.company ? `${q.buyer.company}, ${country}` : `a buyer in ${country}`,
    value:
      totalsByCurrency(q.lines)
        .map((t) => formatMoney(t.minor, t.currency))
        .join(" and ") || "not priced",
    validUntil: q.validUntil,
  };
}

/**
 * The digest's section for one member of staff (`startDigest({ extraSections })`): the quotations on
 * leads assigned to them; an administrator also gets those nobody else would hear of — on leads
 * assigned to nobody, or to an account that no longer handles quotations (disabled, or now hr or
 * editor). Other roles: none.
 */
export function expiringQuotationsSection({ db, listStaff }: { db: Database; listStaff: () => Promise<DigestStaff[]> }) {
  return async (member: DigestStaff, now: Date): Promise<DigestSection[]> => {
    if (!quotationRoles.includes(member.role)) return [];
    const expiring = await openQuotationsValidUntil(db, { from: now.toISOString().slice(0, 10), through: dayAfter(now, 7) });
    let own = expiring.filter((q) => q.assigneeId === member.id);
    if (member.role === "admin") {
      const handlers = new Set((await listStaff()).filter((s) => quotationRoles.includes(s.role)).map((s) => s.id));
      own = expiring.filter((q) => q.assigneeId === member.id || q.assigneeId === null || !handlers.has(q.assigneeId));
    }
    return [{ heading: digestText.expiring, quotations: own.map(digestQuotation) }];
  };
}
