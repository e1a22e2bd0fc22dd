import { sql } from "drizzle-orm";
import { isoDay } from "../../app/lib/contracts/open-jobs";
import { certificateReminderDays, daysUntil } from "../../app/lib/contracts/products";
import type { CertificateSettings } from "../../app/lib/contracts/server-settings";
import { reasonOf, rows, type Database } from "../db/db";
import { queueSiteMail } from "../leads/outbox";
import { composeCertificateReminder } from "../mail/certificate-reminder-mail";
import type { LiveSite } from "../platform/live-site";

// Decision 0078: administrators are told by e-mail 30 days before a certificate record's
// last valid day, so a renewal is uploaded before the record leaves the site by itself. One message
// per record, per "valid until" day and per administrator, queued as a message of the site's own
// (server/leads/outbox.ts) under a unique kind, so every instance may look every day and each
// message exists once; the form relay sends it with the same retries and leases as every other.

const dayMs = 86_400_000;

/** Records whose last valid day is within the reminder window of `today` (and not past). */
export function certificatesDue(
  certificates: readonly CertificateSettings[],
  today: string,
  windowDays = certificateReminderDays,
): { certificate: CertificateSettings; days: number }[] {
  return certificates
    .map((certificate) => ({ certificate, days: daysUntil(certificate.validUntil, today) }))
    .filter(({ days }) => days >= 0 && days <= windowDays);
}

/** The administrators who may act on a reminder: every active account with the admin role. */
async function activeAdministrators(db: Database) {
  return rows<{ id: string; name: string; email: string }>(
    db,
    sql`select id, name, email from staff_users where role = 'admin' and coalesce(banned, false) = false order by id`,
  );
}

/**
 * Queues the reminders due on `now`'s day for every active administrator; returns how many were new
 * (a reminder already queued, by this instance or another, is not queued again).
 */
export async function queueCertificateReminders(
  db: Database,
  certificates: readonly CertificateSettings[],
  { from, now = new Date() }: { from: string; now?: Date },
): Promise<number> {
  const due = certificatesDue(certificates, isoDay(now));
  if (due.length === 0) return 0;
  const admins = await activeAdministrators(db);
  let queued = 0;
  for (const { certificate, days } of due) {
    for (const admin of admins) {
      const eml = await composeCertificateReminder({ from, to: admin, certificate, days, date: now });
      const kind = `certificate-expiry:${certificate.slug}:${certificate.validUntil}:${admin.id}`;
      if (await queueSiteMail(db, { kind, eml, recipients: admin.email })) queued++;
    }
  }
  return queued;
}

/**
 * Looks once at start and then every day (each instance; the unique kinds keep each message single),
 * at the certificate records of the build being served (its server-settings.json): a certificate
 * that enters the 30 days while the server was down is still announced at the next look. `kick`
 * wakes the mail relay after a new reminder. A failure is logged and tried again the next day.
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
      const queued = await queueCertificateReminders(db, site.current.certificates ?? [], { from, now: now() });
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
