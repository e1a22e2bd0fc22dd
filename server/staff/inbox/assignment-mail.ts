import MailComposer from "nodemailer/lib/mail-composer";
import { withoutInvisibleControls as forHeader } from "../../../app/lib/contracts/visible-text";
import { siteMessageId } from "../../mail/message-id";
import type { LeadType } from "../roles";
import { inboxText as t } from "./texts";
import { leadPath, utc } from "./views";
import { typeLabels } from "./workflow";

export type AssignedLead = { id: number; reference: string; type: LeadType; receivedAt: Date; topic: string };

/** What the list's topic column holds for each type, named as on the lead's page. */
const topicLabels: Record<LeadType, string> = { contact: t.fieldLabels.subject!, quote: t.fieldLabels.products!, career: t.fieldLabels.position! };

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
    subject: t.assignedMail.subject(lead.reference, type),
    text: t.assignedMail.body({
      recipient: to.name,
      actor,
      reference: lead.reference,
      type,
      received: utc(lead.receivedAt),
      topicLabel: topicLabels[lead.type],
      topic: forHeader(lead.topic),
      link: `${origin}${leadPath(lead.id)}`,
    }),
  })
    .compile()
    .build();
}
