import { eq } from "drizzle-orm";
import { z } from "zod";
import { leadKinds, type LeadKind as LeadType } from "../../app/lib/contracts/leads";
import type { Database } from "../db/db";
import { instantOf, localDay } from "../platform/zoned-time";
import { staffSettings } from "./schema";

// First-response targets (decision 0153): per lead type, a number of working hours of the desk's
// calendar (working days and hours in the desk's time zone, DIGEST_TIME_ZONE); a lead is due when
// that many working hours have passed since it arrived, and answered when its first reply went out
// (`first_response_at`). An admin sets them on /staff/settings/response-targets, kept in staff_settings.
// Later replies (decision 0157): when the sender writes again after the desk's first reply (the lead
// waits for us again, `awaiting_since`), the next reply is due that type's later-reply target after it.

/** The desk's working week: days (0 = Sunday … 6 = Saturday) and the hours of each, HH:MM in `timeZone`. */
export type WorkingCalendar = { timeZone: string; days: readonly number[]; start: string; end: string };

/**
 * What an admin sets: the working week (the zone is the desk's) and each type's targets in working
 * hours: `hours` for the first reply, `laterHours` for a reply to a message the sender wrote after it.
 */
export type ResponseTargets = {
  days: readonly number[];
  start: string;
  end: string;
  hours: Record<LeadType, number>;
  laterHours: Record<LeadType, number>;
};

/**
 * Sunday to Thursday, 09:00–18:00 (Friday and Saturday the weekend, as the digest counts them:
 * decision 0104); a quote request within 4 working hours, a contact message within 8 (a working
 * day), an application within 18 (two working days). A later reply (decision 0157): a quote's and a
 * contact's within 8 (a working day), an application's within 18.
 */
export const defaultResponseTargets: ResponseTargets = {
  days: [0, 1, 2, 3, 4],
  start: "09:00",
  end: "18:00",
  hours: { quote: 4, contact: 8, career: 18 },
  laterHours: { quote: 8, contact: 8, career: 18 },
};

/** At most this many working hours for a target (about a working month). */
export const maxTargetHours = 200;

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const hoursSchema = z.object(Object.fromEntries(leadKinds.map((k) => [k, z.number().int().min(1).max(maxTargetHours)])) as Record<LeadType, z.ZodNumber>);

/** The stored value; one saved before decision 0157 has no `laterHours` and reads with the defaults. */
export const responseTargetsSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    start: z.string().regex(clock),
    end: z.string().regex(clock),
    hours: hoursSchema,
    laterHours: hoursSchema.default(defaultResponseTargets.laterHours),
  })
  .refine((t) => minutesOf(t.start) < minutesOf(t.end), { message: "The working day must end after it starts." });

const settingKey = "response-targets";

/** The targets an admin set, or the defaults (also when the stored value no longer reads). */
export async function loadResponseTargets(db: Database): Promise<ResponseTargets> {
  const [row] = await db.select({ value: staffSettings.value }).from(staffSettings).where(eq(staffSettings.key, settingKey));
  if (!row) return defaultResponseTargets;
  try {
    const parsed = responseTargetsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? { ...parsed.data, days: [...new Set(parsed.data.days)].sort() } : defaultResponseTargets;
  } catch {
    return defaultResponseTargets;
  }
}

export async function saveResponseTargets(db: Database, targets: ResponseTargets): Promise<void> {
  const value = JSON.stringify(targets);
  await db.insert(staffSettings).values({ key: settingKey, value }).onConflictDoUpdate({ target: staffSettings.key, set: { value } });
}

/** The calendar of `targets` in the desk's zone. */
export const calendarOf = (targets: ResponseTargets, timeZone: string): WorkingCalendar => ({
  timeZone,
  days: targets.days,
  start: targets.start,
  end: targets.end,
});

/**
 * When a lead that arrived at `arrival` is due: `workingHours` working hours of `calendar` later.
 * Time outside working hours does not count: a lead arriving in the evening or on a weekend day starts
 * counting when the next working day opens. Clock changes of the zone are followed (a working day
 * of a zone with DST starts at 09:00 local time whatever its offset).
 */
export function dueAt(arrival: Date, workingHours: number, calendar: WorkingCalendar): Date {
  const { timeZone, days, start, end } = calendar;
  if (days.length === 0) throw new Error("a working calendar needs a working day");
  let remaining = workingHours * 3_600_000;
  let day = localDay(arrival.getTime(), timeZone);
  // A target is at most maxTargetHours; a year of days is more than any calendar with one working day a week needs.
  for (let i = 0; i < 366 * 2; i++, day += 86_400_000) {
    if (!days.includes(new Date(day).getUTCDay())) continue;
    const open = instantOf(day, minutesOf(start), timeZone);
    const close = instantOf(day, minutesOf(end), timeZone);
    const from = Math.max(arrival.getTime(), open);
    if (from >= close) continue;
    if (remaining <= close - from) return new Date(from + remaining);
    remaining -= close - from;
  }
  throw new Error(`no due time within two years for ${workingHours} working hours`);
}

/** A lead's due time by its type's target. */
export const leadDueAt = (lead: { type: LeadType; receivedAt: Date }, targets: ResponseTargets, timeZone: string): Date =>
  dueAt(lead.receivedAt, targets.hours[lead.type], calendarOf(targets, timeZone));

/** Where a lead stands against its target at `now`. */
export type DueState =
  { kind: "due"; dueAt: Date; inMs: number } | { kind: "overdue"; dueAt: Date; byMs: number } | { kind: "answered"; dueAt: Date; lateByMs: number | null };

export function dueState(
  lead: { type: LeadType; receivedAt: Date; firstResponseAt: Date | null },
  targets: ResponseTargets,
  timeZone: string,
  now: Date,
): DueState {
  const due = leadDueAt(lead, targets, timeZone);
  if (lead.firstResponseAt) {
    const late = lead.firstResponseAt.getTime() - due.getTime();
    return { kind: "answered", dueAt: due, lateByMs: late > 0 ? late : null };
  }
  return standingAt(due, now);
}

/** A due time not met yet, at `now`: due in so long, or overdue by so long. */
export function standingAt(due: Date, now: Date): Exclude<DueState, { kind: "answered" }> {
  const left = due.getTime() - now.getTime();
  return left >= 0 ? { kind: "due", dueAt: due, inMs: left } : { kind: "overdue", dueAt: due, byMs: -left };
}

/** Whether a lead's first reply came after its due time (one not answered yet is not counted). */
export const answeredLate = (lead: { type: LeadType; receivedAt: Date; firstResponseAt: Date | null }, targets: ResponseTargets, timeZone: string): boolean =>
  lead.firstResponseAt !== null && lead.firstResponseAt.getTime() > leadDueAt(lead, targets, timeZone).getTime();

/**
 * When the desk's next reply is due to a sender who wrote again after its first reply (decision
 * 0157): the type's later-reply target counted from the moment the lead began waiting for us again
 * (`awaiting_since`: the first of the sender's messages not answered yet).
 */
export const laterReplyDueAt = (lead: { type: LeadType; awaitingSince: Date }, targets: ResponseTargets, timeZone: string): Date =>
  dueAt(lead.awaitingSince, targets.laterHours[lead.type], calendarOf(targets, timeZone));

/** Whether a later reply sent at `repliedAt` to a sender waiting since `waitingSince` went out after its due time. */
export const laterReplyLate = (reply: { type: LeadType; waitingSince: Date; repliedAt: Date }, targets: ResponseTargets, timeZone: string): boolean =>
  reply.repliedAt.getTime() > laterReplyDueAt({ type: reply.type, awaitingSince: reply.waitingSince }, targets, timeZone).getTime();
