import MailComposer from "nodemailer/lib/mail-composer";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { typeLabels } from "../leads/workflow";
import type { DigestLead } from "../leads/digest";
import { utcMinute } from "../platform/utc-time";
import { siteMessageId } from "./message-id";

/** A quotation about to lapse, as the digest names it: version, buyer (a company and its country), value per currency, last valid day. */
export type DigestQuotation = { leadId: number; label: string; buyer: string; value: string; validUntil: string };

/** A digest's part: its heading and lines (leads waiting, or quotations expiring: decision 0117); an empty part is left out. */
export type DigestSection = { heading: string; leads: (DigestLead & { due?: string })[] } | { heading: string; quotations: DigestQuotation[] };

/** A section's lines, whichever kind. */
export const itemsOf = (section: DigestSection): readonly unknown[] => ("leads" in section ? section.leads : section.quotations);

export const digestText = {
  subject: (date: string, n: number) => `Your leads on ${date}: ${n} to look at`,
  waiting: "Waiting for you more than one working day",
  unassigned: "Assigned to nobody",
  expiring: "Quotations expiring within 7 days",
  /** Decision 0158. */
  unanswered: (days: number) => `Quotations not answered for ${days} ${days === 1 ? "day" : "days"} or more: time to follow up`,
};

/**
 * The morning digest to one member of staff: references, types and since when each waits, with a
 * link to each lead in the desk; nothing a sender wrote (names, subjects, messages stay in the desk).
 */
export function composeDigest({
  from,
  to,
  date,
  sections,
  origin,
  now = new Date(),
}: {
  from: string;
  to: { name: string; email: string };
  /** The local date it is for, e.g. 2026-11-28. */
  date: string;
  sections: DigestSection[];
  origin: string;
  now?: Date;
}): Promise<Buffer> {
  const shown = sections.filter((s) => itemsOf(s).length > 0);
  const count = shown.reduce((n, s) => n + itemsOf(s).length, 0);
  const lines = [`Hello ${to.name},`, "", `Good morning. ${count === 1 ? "One lead needs" : `${count} leads need`} you today:`, ""];
  for (const section of shown) {
    lines.push(`${section.heading} (${itemsOf(section).length}):`);
    if ("leads" in section) {
      for (const lead of section.leads)
        lines.push(
          `- ${lead.reference} (${typeLabels[lead.type]}), waiting since ${utcMinute(lead.awaitingSince)}${lead.due ? `, ${lead.due}` : ""}: ${origin}${staffPaths.leads}/${lead.id}`,
        );
    } else {
      for (const q of section.quotations)
        lines.push(`- ${q.label}, ${forHeader(q.buyer)}, ${q.value}, valid until ${q.validUntil}: ${origin}${staffPaths.leads}/${q.leadId}`);
    }
    lines.push("");
  }
  lines.push(`Everything waiting for us, oldest first: ${origin}${staffPaths.leads}/waiting`, "");
  return new MailComposer({
    from,
    to: { name: forHeader(to.name), address: to.email },
    date: now,
    messageId: siteMessageId(from),
    headers: { "Auto-Submitted": "auto-generated" },
    subject: digestText.subject(date, count),
    text: lines.join("\n"),
  })
    .compile()
    .build();
}
