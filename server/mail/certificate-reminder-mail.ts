import MailComposer from "nodemailer/lib/mail-composer";
import type { CertificateSettings } from "../../app/lib/contracts/server-settings";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { siteMessageId } from "./message-id";

// The e-mail that tells an administrator a certificate record's last valid day is near,
// so a renewal is uploaded before the record leaves the site by itself (decision 0078). Its words
// are the company's content (the record, from the served build) and the site's own.

/** The reminder's words (the desk's are in server/staff; these go to administrators only). */
export const certificateReminderText = {
  subject: (c: CertificateSettings, days: number) =>
    `Certificate expires ${days === 0 ? "today" : `in ${days} day${days === 1 ? "" : "s"}`}: ${c.name} (${c.number})`,
  body: (c: CertificateSettings, days: number, recipient: string) =>
    [
      `Dear ${recipient},`,
      "",
      `The certificate "${c.name}" (number ${c.number}, held by ${c.holder}) is valid until ${c.validUntil}: ${days === 0 ? "today is its last day" : `${days} day${days === 1 ? "" : "s"} from now`}.`,
      "The day after, it leaves the website by itself: the compliance page, the products that name it and the line sheets.",
      "",
      "When it is renewed, open the content studio (Company pages → Certificates: records), enter the new validity, number and file, and save.",
      "",
      "This message was sent once to each administrator of the website.",
    ].join("\n"),
};

/** One administrator's reminder of one certificate, `days` before its last valid day, as the relay sends it. */
export function composeCertificateReminder({
  from,
  to,
  certificate,
  days,
  date = new Date(),
}: {
  from: string;
  to: { name: string; email: string };
  certificate: CertificateSettings;
  days: number;
  date?: Date;
}): Promise<Buffer> {
  return new MailComposer({
    from,
    to: { name: forHeader(to.name), address: to.email },
    date,
    messageId: siteMessageId(from),
    headers: { "X-SSL-Certificate": certificate.slug, "Auto-Submitted": "auto-generated" },
    subject: forHeader(certificateReminderText.subject(certificate, days)),
    text: certificateReminderText.body(certificate, days, to.name),
  })
    .compile()
    .build();
}
