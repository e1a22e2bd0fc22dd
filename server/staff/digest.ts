import { Cron } from "croner";
import { reasonOf, type Database } from "../db/db";
import { claimScheduledRun, waitingLeads, type DigestLead, type ScheduledMail } from "../leads/digest";
import { composeDigest, digestText, itemsOf, type DigestSection } from "../mail/digest-mail";
import { leadTypesFor, type StaffRole } from "./roles";
import { dueWords } from "./inbox/due-views";
import { loadResponseTargets } from "./response-targets";
import { returnFollowUps } from "../leads/follow-ups";
import { wallClock } from "../platform/zoned-time";

// The morning digest (decision 0104): at DIGEST_TIME in DIGEST_TIME_ZONE, one e-mail to
// each member of staff who has anything to look at. Once across instances and restarts: the day's
// slot is claimed in scheduled_runs by the statement that queues the e-mails; a server that starts
// after the time and finds the day unclaimed sends it then (catch-up).

/** Friday and Saturday: the weekend in Bangladesh (decision 0104). */
export const weekendDays: readonly number[] = [5, 6];

const dayMs = 86_400_000;
const isWorkingDay = (date: Date, timeZone: string) => !weekendDays.includes(wallClock(date, timeZone).weekday);

/**
 * Whether a lead waiting since `since` has waited more than one working day at `now`: one working
 * day after it arrived (a weekend day not counted; one that arrived on a weekend counts from the
 * start of the next working day) has passed.
 */
export function waitedMoreThanOneWorkingDay(since: Date, now: Date, timeZone: string): boolean {
  let start = since;
  if (!isWorkingDay(start, timeZone)) {
    while (!isWorkingDay(start, timeZone)) start = new Date(start.getTime() + dayMs);
    const local = wallClock(start, timeZone);
    start = new Date(start.getTime() - (local.hour * 60 + local.minute) * 60_000);
  }
  let deadline = new Date(start.getTime() + dayMs);
  while (!isWorkingDay(deadline, timeZone)) deadline = new Date(deadline.getTime() + dayMs);
  return now.getTime() > deadline.getTime();
}

export type DigestStaff = { id: string; name: string; email: string; role: StaffRole };

export type DigestOptions = {
  db: Database;
  /** MAIL_FROM. */
  from: string;
  /** The desk's public origin for the links (the served build's site address). */
  origin: () => string;
  listStaff: () => Promise<DigestStaff[]>;
  timeZone: string;
  /** Further parts per member of staff (quotations expiring within 7 days: decision 0117). */
  extraSections?: (member: DigestStaff, now: Date) => Promise<DigestSection[]>;
};

/**
 * The digest of the local day `now` falls on: composes each member of staff's e-mail and queues
 * them all with the day's claim (nothing when another instance or an earlier run claimed it).
 * Returns how many were queued (0 when already sent).
 */
export async function runDigest(options: DigestOptions, now: Date): Promise<number> {
  const { db, from, origin, listStaff, timeZone, extraSections } = options;
  const day = wallClock(now, timeZone).date;
  // Leads whose follow-up day has come are waiting again first (decision 0153).
  await returnFollowUps(db, now);
  const [found, staff, targets] = await Promise.all([waitingLeads(db), listStaff(), loadResponseTargets(db)]);
  // Each lead that owes its first reply says when it is due (decision 0153).
  const waiting = found.map((lead) => ({ ...lead, due: dueWords(lead, { targets, timeZone, now }) }));
  const mails: ScheduledMail[] = [];
  for (const member of staff) {
    const types = leadTypesFor(member.role);
    if (types.length === 0) continue;
    const visible = (lead: DigestLead) => types.includes(lead.type);
    const sections: DigestSection[] = [
      {
        heading: digestText.waiting,
        leads: waiting.filter((l) => l.assigneeId === member.id && visible(l) && waitedMoreThanOneWorkingDay(l.awaitingSince, now, timeZone)),
      },
      { heading: digestText.unassigned, leads: waiting.filter((l) => l.assigneeId === null && visible(l)) },
      ...((await extraSections?.(member, now)) ?? []),
    ];
    if (sections.every((s) => itemsOf(s).length === 0)) continue;
    mails.push({
      recipient: member.email,
      kind: `digest:${day}:${member.id}`,
      eml: await composeDigest({ from, to: member, date: day, sections, origin: origin(), now }),
    });
  }
  return (await claimScheduledRun(db, { job: "digest", slot: day, mails })) ? mails.length : 0;
}

/**
 * Runs the digest every day at `time` (HH:MM) in the options' zone (croner), and once at start when
 * today's time has passed (a missed run is caught up; a sent one is not repeated). `queued` wakes the
 * mail relay. Failures are logged, never thrown.
 */
export function startDigest(options: DigestOptions & { time: string; queued?: () => void; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const [hour, minute] = options.time.split(":").map(Number) as [number, number];
  const run = async () => {
    try {
      const queued = await runDigest(options, now());
      if (queued > 0) {
        options.queued?.();
        console.log(`digest: ${queued} morning digest e-mail${queued === 1 ? "" : "s"} queued`);
      }
    } catch (error) {
      console.error(`digest: not sent: ${reasonOf(error)}`);
    }
  };
  const job = new Cron(`${minute} ${hour} * * *`, { timezone: options.timeZone, protect: true }, run);
  const local = wallClock(now(), options.timeZone);
  const started = local.hour * 60 + local.minute >= hour * 60 + minute ? run() : Promise.resolve();
  return { started, stop: () => job.stop() };
}
