import { eq } from "drizzle-orm";
import { z } from "zod";
import { leadKinds, type LeadKind as LeadType } from "../../app/lib/contracts/leads";
import type { Database } from "../db/db";
import { staffSettings } from "./schema";

// First-response targets (decision 0153): per lead type, a number of working hours of the desk's
// calendar (working days and hours in the desk's time zone, DIGEST_TIME_ZONE); a lead is due when
// that many working hours have passed since it arrived, and answered when its first reply went out
// (`first_response_at`). An admin sets them on /staff/settings/response-targets, kept in staff_settings.

/** The desk's working week: days (0 = Sunday … 6 = Saturday) and the hours of each, HH:MM in `timeZone`. */
export type WorkingCalendar = { timeZone: string; days: readonly number[]; start: string; end: string };

/** What an admin sets: the working week (the zone is the desk's) and each type's target in working hours. */
export type ResponseTargets = { days: readonly number[]; start: string; end: string; hours: Record<LeadType, number> };

/**
 * Sunday to Thursday, 09:00–18:00 (Friday and Saturday the weekend, as the digest counts them:
 * decision 0104); a quote request within 4 working hours, a contact message within 8 (a working
 * day), an application within 18 (two working days).
 */
export const defaultResponseTargets: ResponseTargets = {
  days: [0, 1, 2, 3, 4],
  start: "09:00",
  end: "18:00",
  hours: { quote: 4, contact: 8, career: 18 },
};

/** At most this many working hours for a target (about a working month). */
export const maxTargetHours = 200;

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const responseTargetsSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    start: z.string().regex(clock),
    end: z.string().regex(clock),
    hours: z.object(Object.fromEntries(leadKinds.map((k) => [k, z.number().int().min(1).max(maxTargetHours)])) as Record<LeadType, z.ZodNumber>),
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

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `timeZone`'s clock reads `minutes` after midnight of the local day `day` (a UTC
 * midnight standing for the local date). A time skipped by a clock change reads as the instant after it.
 */
function instantOf(day: number, minutes: number, timeZone: string): number {
  const wall = day + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : Math.max(first, second);
}

/** The local date (as its UTC midnight) `instant` falls on in `timeZone`. */
function localDay(instant: number, timeZone: string): number {
  const wall = instant + offsetAt(instant, timeZone);
  return wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
}

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
  const left = due.getTime() - now.getTime();
  return left >= 0 ? { kind: "due", dueAt: due, inMs: left } : { kind: "overdue", dueAt: due, byMs: -left };
}

/** Whether a lead's first reply came after its due time (one not answered yet is not counted). */
export const answeredLate = (lead: { type: LeadType; receivedAt: Date; firstResponseAt: Date | null }, targets: ResponseTargets, timeZone: string): boolean =>
  lead.firstResponseAt !== null && lead.firstResponseAt.getTime() > leadDueAt(lead, targets, timeZone).getTime();

/** The local date (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export const localDate = (instant: Date, timeZone: string): string => new Date(localDay(instant.getTime(), timeZone)).toISOString().slice(0, 10);

/** The instant the local day `day` (YYYY-MM-DD) starts in `timeZone`. */
export const startOfLocalDay = (day: string, timeZone: string): Date => new Date(instantOf(Date.parse(`${day}T00:00:00Z`), 0, timeZone));
