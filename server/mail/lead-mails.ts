import MailComposer from "nodemailer/lib/mail-composer";
import type { CareerLead, ContactLead } from "../../app/lib/contracts/leads";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import type { Addresses } from "./addresses";
import { siteMessageId } from "./message-id";

// The company's notification of a contact message and of a job application (the quote's: quote-mails.ts).
// What the visitor typed goes into headers without bidi or zero-width controls: a mail client shows
// headers in lists where a reordered name or subject could pass for another.

const common = (lead: ContactLead | CareerLead, addresses: Addresses, date: Date) => ({
  from: addresses.from,
  to: addresses.to,
  replyTo: { name: forHeader(lead.name), address: lead.email },
  date,
  messageId: siteMessageId(addresses.from),
  headers: { "X-SSL-Form": lead.kind },
});

/** A contact message as the RFC 5322 message the company receives, ready to store and relay. */
export function composeContactNotification(lead: ContactLead, addresses: Addresses, date = new Date()): Promise<Buffer> {
  const text = [
    "A message from the website's Get In Touch form.",
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Subject: ${lead.subject}`,
    "",
    "Message:",
    lead.message,
    "",
  ];
  return new MailComposer({
    ...common(lead, addresses, date),
    subject: `Website contact: ${forHeader(lead.subject) || "(no subject)"} (from ${forHeader(lead.name)})`,
    text: text.join("\n"),
  })
    .compile()
    .build();
}

/** A job application as the message the company receives: the resume as a MIME attachment, with the type read from its content. */
export function composeCareerNotification(lead: CareerLead, addresses: Addresses, date = new Date()): Promise<Buffer> {
  const text = [
    "A job application from the website's career form. The resume is attached.",
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone}`,
    `Position: ${lead.position}`,
    `Resume: ${lead.resume.filename}`,
    "",
    "Cover letter:",
    lead.coverLetter || "(none)",
    "",
  ];
  return new MailComposer({
    ...common(lead, addresses, date),
    subject: `Job application: ${forHeader(lead.position)} (from ${forHeader(lead.name)})`,
    text: text.join("\n"),
    attachments: [{ filename: lead.resume.filename, content: lead.resume.content, contentType: lead.resume.contentType }],
  })
    .compile()
    .build();
}
