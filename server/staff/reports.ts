import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import type { ReportLead, ReportReply } from "../leads/reports";
import { waitedMoreThanOneWorkingDay } from "./digest";
import { answeredLate, type ResponseTargets } from "./response-targets";

// The weekly figures (decision 0105): weeks are ISO weeks (Monday to Sunday) in the
// digest's time zone; first-response times in hours; "answered within one working day" as the digest
// counts working days (Friday and Saturday off).

export type WeekFigures = {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  received: Partial<Record<LeadType, number>>;
  receivedTotal: number;
  /** Hours from arrival to the first reply, of the week's leads answered so far; null when none. */
  medianHours: number | null;
  p90Hours: number | null;
  /** Of the week's leads, the share answered within one working day (0–1); null without leads. */
  withinOneWorkingDay: number | null;
  /** Replies sent in the week, per member of staff. */
  repliesBy: Record<string, number>;
};

/** Linear interpolation between the closest ranks (as PostgreSQL's percentile_cont). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

const dayMs = 86_400_000;

/** The Monday (YYYY-MM-DD) of the week a moment falls in, in `timeZone`. */
export function weekOf(date: Date, timeZone: string): string {
  const local = new Date(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date) + "T00:00:00Z");
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * dayMs);
  return monday.toISOString().slice(0, 10);
}

/** The last `weeks` weeks up to the one `now` falls in, oldest first, each with its figures. */
export function weeklyFigures({
  leads,
  replies,
  weeks,
  now,
  timeZone,
}: {
  leads: ReportLead[];
  replies: ReportReply[];
  weeks: number;
  now: Date;
  timeZone: string;
}): WeekFigures[] {
  const current = new Date(`${weekOf(now, timeZone)}T00:00:00Z`);
  const labels = Array.from({ length: weeks }, (_, i) => new Date(current.getTime() - (weeks - 1 - i) * 7 * dayMs).toISOString().slice(0, 10));
  return labels.map((week) => {
    const own = leads.filter((l) => weekOf(l.receivedAt, timeZone) === week);
    const received: Partial<Record<LeadType, number>> = {};
    for (const l of own) received[l.type] = (received[l.type] ?? 0) + 1;
    const hours = own
      .filter((l) => l.firstResponseAt)
      .map((l) => (l.firstResponseAt!.getTime() - l.receivedAt.getTime()) / 3_600_000)
      .sort((a, b) => a - b);
    const within = own.filter((l) => l.firstResponseAt && !waitedMoreThanOneWorkingDay(l.receivedAt, l.firstResponseAt, timeZone)).length;
    const repliesBy: Record<string, number> = {};
    for (const r of replies) if (weekOf(r.at, timeZone) === week) repliesBy[r.sentBy] = (repliesBy[r.sentBy] ?? 0) + 1;
    return {
      week,
      received,
      receivedTotal: own.length,
      medianHours: percentile(hours, 0.5),
      p90Hours: percentile(hours, 0.9),
      withinOneWorkingDay: own.length ? within / own.length : null,
      repliesBy,
    };
  });
}

/** Of a set of leads of one type, how many were answered and how many of those after their due time. */
export type LateReplies = { answered: number; late: number; share: number | null };

/** One week's (or the whole period's) late first replies per lead type (decision 0153). */
export type LateWeek = { week: string; byType: Partial<Record<LeadType, LateReplies>> };

/**
 * Per lead type, the share of leads answered so far whose first reply went out after their due time
 * (decision 0153): for each of the last `weeks` weeks (by the week a lead arrived in, as
 * `weeklyFigures`), then the whole period (`week` "all"). A lead not answered yet is not counted.
 */
export function lateFirstReplies({
  leads,
  types,
  weeks,
  now,
  timeZone,
  targets,
}: {
  leads: ReportLead[];
  types: readonly LeadType[];
  weeks: number;
  now: Date;
  timeZone: string;
  targets: ResponseTargets;
}): LateWeek[] {
  const current = new Date(`${weekOf(now, timeZone)}T00:00:00Z`);
  const labels = Array.from({ length: weeks }, (_, i) => new Date(current.getTime() - (weeks - 1 - i) * 7 * dayMs).toISOString().slice(0, 10));
  const of = (own: ReportLead[]): LateWeek["byType"] =>
    Object.fromEntries(
      types.map((type) => {
        const answered = own.filter((l) => l.type === type && l.firstResponseAt);
        const late = answered.filter((l) => answeredLate(l, targets, timeZone)).length;
        return [type, { answered: answered.length, late, share: answered.length ? late / answered.length : null }];
      }),
    );
  const inPeriod = leads.filter((l) => labels.includes(weekOf(l.receivedAt, timeZone)));
  return [
    ...labels.map((week) => ({ week, byType: of(inPeriod.filter((l) => weekOf(l.receivedAt, timeZone) === week)) })),
    { week: "all", byType: of(inPeriod) },
  ];
}
