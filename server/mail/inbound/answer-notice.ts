import MailComposer from "nodemailer/lib/mail-composer";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import { withoutInvisibleControls as forHeader } from "../../../app/lib/contracts/visible-text";
import type { InboundMatch, InboundMessage, InboundNotice } from "../../leads/conversations";
import { typeLabels } from "../../leads/workflow";
import { utcMinute } from "../../platform/utc-time";
import { siteMessageId } from "../message-id";

/** The words of the e-mail (decision 0107). */
export const answerNoticeText = {
  subject: (reference: string, type: string) => `New message on ${reference} (${type})`,
  body: (m: { recipient: string; reference: string; type: string; received: string; link: string }) =>
    [
      `Hello ${m.recipient},`,
      "",
      `The sender of ${m.reference}, ${/^[aeiou]/.test(m.type) ? "an" : "a"} ${m.type} lead you handle, wrote again (received ${m.received}).`,
      "The lead is marked unread and waiting for us.",
      "",
      "Read it and answer in the staff inbox (sign in first):",
      m.link,
      "",
      "The message and its files stay in the inbox: this e-mail holds none of them.",
      "",
    ].join("\n"),
};

/**
 * The e-mail that tells a lead's assignee its sender wrote again: the reference, the type and a
 * link, and nothing the sender wrote — not their name, subject or words — since it goes out from
 * the company's address (as the assignment e-mail, decision 0062). `deskOrigin` is the site's public
 * address (its build's settings); without one the link is the desk's path.
 */
export function answerNotifier({ from, deskOrigin = () => undefined }: { from: string; deskOrigin?: () => string | undefined }) {
  return async (match: InboundMatch, message: InboundMessage): Promise<InboundNotice | undefined> => {
    if (!match.assignee) return undefined;
    const type = typeLabels[match.type];
    const eml = await new MailComposer({
      from,
      to: { name: forHeader(match.assignee.name), address: match.assignee.email },
      date: new Date(),
      messageId: siteMessageId(from),
      headers: { "X-SSL-Lead": match.reference, "Auto-Submitted": "auto-generated" },
      subject: answerNoticeText.subject(match.reference, type),
      text: answerNoticeText.body({
        recipient: match.assignee.name,
        reference: match.reference,
        type,
        received: utcMinute(message.at),
        link: `${deskOrigin() ?? ""}${staffPaths.leads}/${match.leadId}`,
      }),
    })
      .compile()
      .build();
    return { recipient: match.assignee.email, eml };
  };
}
