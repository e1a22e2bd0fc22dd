import MailComposer from "nodemailer/lib/mail-composer";
import type { LeadKind } from "../../app/lib/contracts/leads";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { typeLabels } from "../leads/workflow";
import { utcMinute } from "../platform/utc-time";
import { siteMessageId } from "./message-id";

export type AssignedLead = { id: number; reference: string; type: LeadKind; receivedAt: Date; topic: string };

/** What the inbox's topic column holds for each type, named as on the lead's page (server/staff/inbox/texts.ts). */
export const topicLabels: Record<LeadKind, string> = { contact: "Subject", quote: "Products", career: "Position" };

/** The words of the e-mail (decision 0062). */
export const assignedMailText = {
  subject: (reference: string, type: string) => `Assigned to you: ${reference} (${type})`,
  body: (m: { recipient: string; actor: string; reference: string; type: string; received: string; topicLabel: string; topic: string; link: string }) =>
    [
      `Hello ${m.recipient},`,
      "",
      `${m.actor} gave you ${m.reference}, ${/^[aeiou]/.test(m.type) ? "an" : "a"} ${m.type} lead received ${m.received}.`,
      ...(m.topic ? [`${m.topicLabel}: ${m.topic}`] : []),
      "",
      "Open it in the staff inbox (sign in first) to read it and answer the sender:",
      m.link,
      "",
      "The sender's name, e-mail address, message and files stay in the inbox: this e-mail holds none of them.",
      "",
    ].join("\n"),
};

/**
 * The e-mail that tells a member of staff a lead was given to them: its reference, type, topic and
 * a link to its page, and none of the sender's personal data (decision 0062). `origin` is the desk's
 * address as the member of staff who gave the lead reached it.
 */
export function composeAssignmentMail({
  from,
  to,
  actor,
  lead,
  origin,
  date = new Date(),
}: {
  from: string;
  to: { name: string; email: string };
  actor: string;
  lead: AssignedLead;
  origin: string;
  date?: Date;
}): Promise<Buffer> {
  const type = typeLabels[lead.type];
  return new MailComposer({
    from,
    to: { name: forHeader(to.name), address: to.email },
    date,
    messageId: siteMessageId(from),
    headers: { "X-SSL-Lead": lead.reference, "Auto-Submitted": "auto-generated" },
    subject: assignedMailText.subject(lead.reference, type),
    text: assignedMailText.body({
      recipient: to.name,
      actor,
      reference: lead.reference,
      type,
      received: utcMinute(lead.receivedAt),
      topicLabel: topicLabels[lead.type],
      topic: forHeader(lead.topic),
      link: `${origin}${staffPaths.leads}/${lead.id}`,
    }),
  })
    .compile()
    .build();
}
