import { formatMoney, totalsByCurrency } from "../../../app/lib/contracts/money";
import type { Database } from "../../db/db";
import { versionLabel } from "../../leads/quotations";
import { unansweredQuotations } from "../../leads/unanswered-quotations";
import { digestText, type DigestSection } from "../../mail/digest-mail";
import type { DigestStaff } from "../digest";
import { loadFollowUpDays } from "./follow-up";
import { countryLabel } from "./pipeline-views";
import { quotationRoles } from "./routes";

// The morning digest's "Quotations not answered for N days or more" (decision 0158): as the inbox
// shows them, each member's own and those nobody has, to the roles that handle quotations.

export function unansweredQuotationsSection({ db }: { db: Database }) {
  return async (member: DigestStaff, now: Date): Promise<DigestSection[]> => {
    if (!quotationRoles.includes(member.role)) return [];
    const days = await loadFollowUpDays(db);
    const { quotations } = await unansweredQuotations(db, { now, days, scope: { assigneeId: member.id, unassignedToo: true } });
    return [
      {
        heading: digestText.unanswered(days),
        // The buyer by company and country only: none of the person's data in an e-mail (decision 0062).
        quotations: quotations.map((q) => ({
          leadId: q.leadId,
          label: versionLabel(q.reference, q.version),
          buyer: q.buyer.company ? `${q.buyer.company}, ${countryLabel(q.buyer.country)}` : `a buyer in ${countryLabel(q.buyer.country)}`,
          value:
            totalsByCurrency(q.lines)
              .map((t) => formatMoney(t.minor, t.currency))
              .join(" and ") || "not priced",
          validUntil: q.validUntil,
        })),
      },
    ];
  };
}
