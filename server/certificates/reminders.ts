import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { isoDay } from "../../app/lib/contracts/open-jobs";
import { certificateReminderDays, daysUntil } from "../../app/lib/contracts/products";
import { serverSettingsFile, type CertificateSettings, type ServerSettings } from "../../app/lib/contracts/server-settings";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import { reasonOf, rows, type Database } from "../leads/db";
import type { LiveSite } from "../live-site";
import { siteMessageId } from "../mail/message-id";

// Issue 47: administrators are told by e-mail 30 days before a certificate record's last valid day,
// so a renewal is uploaded before the record leaves the site by itself. One message per record, per
// "valid until" day and per administrator, queued in mail_jobs (a message of the site's own: no lead)
// under a unique kind, so every instance may look every day and each message exists once; the form
// relay sends it with the same retries and leases as every other message.

const dayMs = 86_400_000;

/** The reminder's words (the desk's are in server/staff; these go to administrators only). */
export const reminderText = {
  subject: (c: CertificateSettings, days: number) => `Certificate expires ${days === 0 ? "today" : `in ${days} day${days === 1 ? "" : "s"}`}: ${c.name} (${c.number})`,
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

/** Records whose last valid day is within the reminder window of `today` (and not past). */
export function certificatesDue(certificates: readonly CertificateSettings[], today: string, windowDays = certificateReminderDays): { certificate: CertificateSettings; days: number }[] {
  return certificates
    .map((certificate) => ({ certificate, days: daysUntil(certificate.validUntil, today) }))
    .filter(({ days }) => days >= 0 && days <= windowDays);
}

/** The certificate records of the build being served (server-settings.json beside its client files). */
export async function certificatesOf(clientDir: string): Promise<CertificateSettings[]> {
  return readFile(join(clientDir, "..", serverSettingsFile), "utf8")
    .then((text) => (JSON.parse(text) as Partial<ServerSettings>).certificates ?? [])
    .catch(() => []);
}

/**
 * Queues the reminders due on `now`'s day for every active administrator; returns how many were new
 * (a reminder already queued, by this instance or another, is not queued again).
 */
export async function queueCertificateReminders(db: Database, certificates: readonly CertificateSettings[], { from, now = new Date() }: { from: string; now?: Date }): Promise<number> {
  const due = certificatesDue(certificates, isoDay(now));
  if (due.length === 0) return 0;
  const admins = await rows<{ id: string; name: string; email: string }>(
    db,
    sql`select id, name, email from staff_users where role = 'admin' and coalesce(banned, false) = false order by id`,
  );
  let queued = 0;
  for (const { certificate, days } of due) {
    for (const admin of admins) {
      const eml = await new MailComposer({
        from,
        to: { name: forHeader(admin.name), address: admin.email },
        date: now,
        messageId: siteMessageId(from),
        headers: { "X-SSL-Certificate": certificate.slug, "Auto-Submitted": "auto-generated" },
        subject: reminderText.subject(certificate, days),
        text: reminderText.body(certificate, days, admin.name),
      })
        .compile()
        .build();
      const kind = `certificate-expiry:${certificate.slug}:${certificate.validUntil}:${admin.id}`;
      const inserted = await rows(
        db,
        sql`insert into mail_jobs (lead_id, kind, eml, recipients) values (null, ${kind}, ${eml}, ${admin.email}) on conflict do nothing returning id`,
      );
      queued += inserted.length;
    }
  }
  return queued;
}

/**
 * Looks once at start and then every day (each instance; the unique kinds keep each message single):
 * a certificate that enters the 30 days while the server was down is still announced the next look.
 * `kick` wakes the mail relay after a new reminder. A failure is logged and tried again the next day.
 */
export function startCertificateReminders({
  db,
  site,
  from,
  kick,
  now = () => new Date(),
  everyMs = dayMs,
}: {
  db: Database;
  site: Pick<LiveSite, "current">;
  from: string;
  kick: () => void;
  now?: () => Date;
  everyMs?: number;
}) {
  const run = async () => {
    try {
      const queued = await queueCertificateReminders(db, await certificatesOf(site.current.clientDir), { from, now: now() });
      if (queued > 0) {
        console.log(`Certificates: ${queued} expiry reminder${queued === 1 ? "" : "s"} queued for the administrators`);
        kick();
      }
    } catch (error) {
      console.error(`Certificates: the expiry reminders could not be queued (next try in 24 h): ${reasonOf(error)}`);
    }
  };
  const first = setTimeout(run, 0);
  const daily = setInterval(run, everyMs);
  first.unref();
  daily.unref();
  return { run, stop: () => (clearTimeout(first), clearInterval(daily)) };
}
