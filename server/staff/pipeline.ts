import { totalsByCurrency, type CurrencyTotal, type PricedLine } from "../../app/lib/contracts/money";
import type { PipelineQuotation } from "../leads/pipeline";
import { isPastValidity } from "../leads/quotations";
import { localDate } from "../platform/zoned-time";

// The quotations pipeline's figures (decision 0115): months are calendar months in the
// desk's time zone (DIGEST_TIME_ZONE); a validity date is a UTC day (decision 0110), so days to
// expiry count UTC days as the buyer's page does. Money is summed per currency, never across.

const dayMs = 86_400_000;

/** The month (YYYY-MM) a moment falls in, in `timeZone`. */
export function monthOf(date: Date, timeZone: string): string {
  return localDate(date, timeZone).slice(0, 7);
}

/** The last `count` months up to the one `now` falls in, oldest first (YYYY-MM). */
export function lastMonths(now: Date, count: number, timeZone: string): string[] {
  const [year, month] = monthOf(now, timeZone).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The first moment of a month (YYYY-MM) in `timeZone`, give or take the zone's offset: a safe lower bound to read from. */
export function monthStartBound(month: string): Date {
  return new Date(Date.parse(`${month}-01T00:00:00Z`) - dayMs);
}

/** Whole UTC days from `now`'s day to the last valid day: 0 on the last day itself. */
export function daysToExpiry(validUntil: string, now: Date): number {
  return Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) / dayMs);
}

/** Bands of days to expiry, soonest first: what is about to lapse stands out. */
export const expiryBands = [
  { label: "0–7 days", upTo: 7 },
  { label: "8–14 days", upTo: 14 },
  { label: "15–30 days", upTo: 30 },
  { label: "over 30 days", upTo: Infinity },
] as const;

export type OpenQuotation = PipelineQuotation & { daysToExpiry: number; totals: CurrencyTotal[] };

export type OutcomeCount = { key: string; won: number; lost: number; rate: number | null };

export type PipelineFigures = {
  months: string[];
  /** Every currency that appears in any figure, alphabetically: the tables' money columns. */
  currencies: string[];
  open: OpenQuotation[];
  openByBand: { label: string; count: number; totals: CurrencyTotal[] }[];
  openTotals: CurrencyTotal[];
  byMonth: { month: string; accepted: number; acceptedTotals: CurrencyTotal[]; declined: number; declinedTotals: CurrencyTotal[] }[];
  byFamily: OutcomeCount[];
  byCountry: OutcomeCount[];
  firstQuotation: { month: string; requests: number; averageDays: number | null }[];
  firstQuotationOverall: { requests: number; averageDays: number | null };
};

/** A version is open while sent, not answered, not withdrawn, not superseded and not past its validity. */
export const isOpen = (q: PipelineQuotation, now: Date) => q.status === "sent" && !isPastValidity(q.validUntil, now);

const totalsOf = (quotations: readonly PipelineQuotation[]): CurrencyTotal[] =>
  totalsByCurrency(quotations.flatMap((q) => q.lines as PricedLine[])).sort((a, b) => a.currency.localeCompare(b.currency));

/** A line's product family: the {family} of {family}/{item}; "" for a line staff added by hand. */
export const familyOf = (productRef: string) => (productRef.includes("/") ? productRef.slice(0, productRef.indexOf("/")) : "");

/** When a version's outcome was settled: the buyer's answer, or the day after its last valid day. */
const decidedAt = (q: PipelineQuotation) => (q.status === "expired" ? new Date(Date.parse(`${q.validUntil}T00:00:00Z`) + dayMs) : q.respondedAt);

function outcomes(latest: readonly { q: PipelineQuotation; won: boolean }[], keysOf: (q: PipelineQuotation) => string[]): OutcomeCount[] {
  const counts = new Map<string, OutcomeCount>();
  for (const { q, won } of latest) {
    for (const key of new Set(keysOf(q))) {
      const count = counts.get(key) ?? { key, won: 0, lost: 0, rate: null };
      if (won) count.won += 1;
      else count.lost += 1;
      counts.set(key, count);
    }
  }
  return [...counts.values()]
    .map((c) => ({ ...c, rate: c.won / (c.won + c.lost) }))
    .sort((a, b) => b.won + b.lost - (a.won + a.lost) || a.key.localeCompare(b.key));
}

/**
 * The pipeline at `now` over the last `months` months (the one `now` falls in included):
 * open versions with their value per currency and days to expiry; versions accepted and declined per
 * month of the answer (a request accepted again in a revision once, by its newest acceptance); the
 * win rate per product family and buyer country (each request counted once, by its newest version —
 * or its newest accepted one, which a revision leaves standing: accepted is won, declined or expired
 * is lost, a version still open or sent back for changes is not counted yet); the average days from
 * a request to its first quotation.
 */
export function pipelineFigures({
  quotations,
  now,
  months: monthCount,
  timeZone,
}: {
  quotations: readonly PipelineQuotation[];
  now: Date;
  months: number;
  timeZone: string;
}): PipelineFigures {
  const months = lastMonths(now, monthCount, timeZone);
  const inWindow = (date: Date | null) => date !== null && date.getTime() <= now.getTime() && months.includes(monthOf(date, timeZone));

  const open = quotations
    .filter((q) => isOpen(q, now))
    .map((q) => ({ ...q, daysToExpiry: daysToExpiry(q.validUntil, now), totals: totalsOf([q]) }))
    .sort((a, b) => a.daysToExpiry - b.daysToExpiry || a.id - b.id);
  let lower = -1;
  const openByBand = expiryBands.map((band) => {
    const own = open.filter((q) => q.daysToExpiry > lower && q.daysToExpiry <= band.upTo);
    lower = band.upTo;
    return { label: band.label, count: own.length, totals: totalsOf(own) };
  });

  // A request accepted again in a revision (decision 0137) counts once, by its newest acceptance.
  const newestAccepted = new Map<number, PipelineQuotation>();
  for (const q of quotations) if (q.status === "accepted" && (newestAccepted.get(q.leadId)?.version ?? 0) < q.version) newestAccepted.set(q.leadId, q);
  const byMonth = months.map((month) => {
    const answered = (status: string) =>
      quotations.filter(
        (q) =>
          q.status === status &&
          q.respondedAt &&
          monthOf(q.respondedAt, timeZone) === month &&
          q.respondedAt <= now &&
          (status !== "accepted" || newestAccepted.get(q.leadId) === q),
      );
    const accepted = answered("accepted");
    const declined = answered("declined");
    return { month, accepted: accepted.length, acceptedTotals: totalsOf(accepted), declined: declined.length, declinedTotals: totalsOf(declined) };
  });

  const newest = new Map<number, PipelineQuotation>();
  const first = new Map<number, PipelineQuotation>();
  for (const q of quotations) {
    if ((newest.get(q.leadId)?.version ?? 0) < q.version) newest.set(q.leadId, q);
    if ((first.get(q.leadId)?.version ?? Infinity) > q.version) first.set(q.leadId, q);
  }
  // An acceptance stands through its revision (decision 0137): such a request is settled as won by it.
  const settled = [...newest.values()]
    .map((q) => newestAccepted.get(q.leadId) ?? q)
    .filter((q) => (q.status === "accepted" || q.status === "declined" || q.status === "expired") && inWindow(decidedAt(q)))
    .map((q) => ({ q, won: q.status === "accepted" }));
  const byFamily = outcomes(settled, (q) => q.lines.map((l) => familyOf(l.productRef)));
  const byCountry = outcomes(settled, (q) => [q.buyer.country]);

  const firsts = [...first.values()].filter((q) => inWindow(q.sentAt));
  const average = (qs: readonly PipelineQuotation[]) =>
    qs.length ? qs.reduce((sum, q) => sum + (q.sentAt.getTime() - q.requestedAt.getTime()), 0) / qs.length / dayMs : null;
  const firstQuotation = months.map((month) => {
    const own = firsts.filter((q) => monthOf(q.sentAt, timeZone) === month);
    return { month, requests: own.length, averageDays: average(own) };
  });

  const shown = [...open.flatMap((q) => q.totals), ...byMonth.flatMap((m) => [...m.acceptedTotals, ...m.declinedTotals])];
  const currencies = [...new Set(shown.map((t) => t.currency))].sort();
  return {
    months,
    currencies,
    open,
    openByBand,
    openTotals: totalsOf(open),
    byMonth,
    byFamily,
    byCountry,
    firstQuotation,
    firstQuotationOverall: { requests: firsts.length, averageDays: average(firsts) },
  };
}
