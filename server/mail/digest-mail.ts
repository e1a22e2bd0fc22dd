import MailComposer from "nodemailer/lib/mail-composer";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { typeLabels } from "../leads/workflow";
import type { DigestLead } from "../leads/digest";
import { utcMinute } from "../platform/utc-time";
import { siteMessageId } from "./message-id";

/** A digest's part: its heading and lines; an empty part is left out (quotations expiring: issue 46 adds one). */
export type DigestSection = { heading: string; leads: DigestLead[] };

export const digestText = {
  subject: (date: string, n: number) => `Your leads on ${date}: ${n} to look at`,
  waiting: "Waiting for you more than one working day",
  unassigned: "Assigned to nobody",
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
  const shown = sections.filter((s) => s.leads.length > 0);
  const count = shown.reduce((n, s) => n + s.leads.length, 0);
  const lines = [`Hello ${to.name},`, "", `Good morning. ${count === 1 ? "One lead needs" : `${count} leads need`} you today:`, ""];
  for (const section of shown) {
    lines.push(`${section.heading} (${section.leads.length}):`);
    for (const lead of section.leads) lines.push(`- ${lead.reference} (${typeLabels[lead.type]}), waiting since ${utcMinute(lead.awaitingSince)}: ${origin}${staffPaths.leads}/${lead.id}`);
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
