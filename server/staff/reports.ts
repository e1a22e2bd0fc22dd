import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import type { LaterReply, ReportLead, ReportReply } from "../leads/reports";
import { localDate } from "../platform/zoned-time";
import { waitedMoreThanOneWorkingDay } from "./digest";
import { answeredLate, laterReplyLate, type ResponseTargets } from "./response-targets";

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
  const local = new Date(`${localDate(date, timeZone)}T00:00:00Z`);
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * dayMs);
  return monday.toISOString().slice(0, 10);
}

/** The Mondays (YYYY-MM-DD) of the last `weeks` weeks up to the one `now` falls in, oldest first. */
function weekLabels(weeks: number, now: Date, timeZone: string): string[] {
  const current = new Date(`${weekOf(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) => new Date(current.getTime() - (weeks - 1 - i) * 7 * dayMs).toISOString().slice(0, 10));
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
  const labels = weekLabels(weeks, now, timeZone);
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

/** Of a set of leads (or later replies) of one type, how many were answered and how many of those after their due time. */
export type LateReplies = { answered: number; late: number; share: number | null };

/** One week's (or the whole period's) late first replies per lead type (decision 0153). */
export type LateWeek = { week: string; byType: Partial<Record<LeadType, LateReplies>> };

type Period = { types: readonly LeadType[]; weeks: number; now: Date; timeZone: string; targets: ResponseTargets };

/**
 * Per lead type, how many of `items` (answered leads, later replies) there are and how many were
 * late: for each of the period's weeks (`weekOfItem`), then the whole period (`week` "all").
 */
function lateByWeek<T extends { type: LeadType }>(
  items: T[],
  { types, weeks, now, timeZone }: Period,
  weekOfItem: (item: T) => string,
  late: (item: T) => boolean,
): LateWeek[] {
  const labels = weekLabels(weeks, now, timeZone);
  const of = (own: T[]): LateWeek["byType"] =>
    Object.fromEntries(
      types.map((type) => {
        const answered = own.filter((item) => item.type === type);
        const count = answered.filter(late).length;
        return [type, { answered: answered.length, late: count, share: answered.length ? count / answered.length : null }];
      }),
    );
  const inPeriod = items.filter((item) => labels.includes(weekOfItem(item)));
  return [...labels.map((week) => ({ week, byType: of(inPeriod.filter((item) => weekOfItem(item) === week)) })), { week: "all", byType: of(inPeriod) }];
}

/**
 * Per lead type, the share of leads answered so far whose first reply went out after their due time
 * (decision 0153): for each of the last `weeks` weeks (by the week a lead arrived in, as
 * `weeklyFigures`), then the whole period (`week` "all"). A lead not answered yet is not counted.
 */
export function lateFirstReplies({ leads, ...period }: Period & { leads: ReportLead[] }): LateWeek[] {
  const { timeZone, targets } = period;
  return lateByWeek(
    leads.filter((l) => l.firstResponseAt),
    period,
    (l) => weekOf(l.receivedAt, timeZone),
    (l) => answeredLate(l, targets, timeZone),
  );
}

/**
 * Per lead type, the share of later replies (decision 0157: a reply to a message the sender wrote
 * after the desk's first reply) that went out after their due time, the type's later-reply target
 * after the sender began waiting again: for each of the last `weeks` weeks, by the week the reply
 * went out, then the whole period (`week` "all"). A sender still waiting is not counted.
 */
export function lateLaterReplies({ replies, ...period }: Period & { replies: LaterReply[] }): LateWeek[] {
  const { timeZone, targets } = period;
  return lateByWeek(
    replies,
    period,
    (r) => weekOf(r.repliedAt, timeZone),
    (r) => laterReplyLate(r, targets, timeZone),
  );
}
