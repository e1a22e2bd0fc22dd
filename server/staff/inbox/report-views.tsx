/** @jsxImportSource hono/jsx */
import type { LeadKind as LeadType } from "../../../app/lib/contracts/leads";
import { typeLabels } from "../../leads/workflow";
import type { LateWeek, WeekFigures } from "../reports";
import type { ResponseTargets } from "../response-targets";
import { dueText as d } from "./texts";
import { BarChart, DataTable } from "../ui";

// The weekly reports page (decision 0105): an inline SVG chart (no script) and a table of the same figures.

export const reportsPath = "/staff/reports";
export const reportsCsvPath = "/staff/reports.csv";

const hours = (h: number | null) => (h === null ? "—" : h < 10 ? h.toFixed(1) : Math.round(h).toString());
const share = (s: number | null) => (s === null ? "—" : `${Math.round(s * 100)} %`);
const people = (by: Record<string, number>) =>
  Object.entries(by)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name}: ${n}`)
    .join(", ") || "none";

/** The same figures as CSV rows: week, received per type, total, median and p90 hours, share within a working day, replies per person. */
export function reportCsvRows(figures: WeekFigures[], types: readonly LeadType[]): (string | number)[][] {
  return [
    [
      "week (Monday)",
      ...types.map((t) => `received: ${typeLabels[t]}`),
      "received",
      "first response median (hours)",
      "first response p90 (hours)",
      "answered within one working day (%)",
      "replies sent",
    ],
    ...figures.map((f) => [
      f.week,
      ...types.map((t) => f.received[t] ?? 0),
      f.receivedTotal,
      f.medianHours === null ? "" : f.medianHours.toFixed(1),
      f.p90Hours === null ? "" : f.p90Hours.toFixed(1),
      f.withinOneWorkingDay === null ? "" : Math.round(f.withinOneWorkingDay * 100),
      people(f.repliesBy),
    ]),
  ];
}

const colours: Record<LeadType, string> = { contact: "#1d4ed8", quote: "#047857", career: "#92400e" };

function Chart({ figures, types }: { figures: WeekFigures[]; types: readonly LeadType[] }) {
  return (
    <BarChart
      id="chart"
      title="Leads received per week"
      description={`${figures.map((f) => `Week of ${f.week}: ${f.receivedTotal}`).join("; ")}. The table below has the same figures.`}
      series={types.map((t) => ({ label: typeLabels[t], colour: colours[t] }))}
      bars={figures.map((f) => ({ label: f.week.slice(5), values: types.map((t) => f.received[t] ?? 0) }))}
    />
  );
}

export function ReportsView({ figures, types }: { figures: WeekFigures[]; types: readonly LeadType[] }) {
  return (
    <>
      <p>
        Weeks run Monday to Sunday in the company's time zone; first-response times are from arrival to the first reply sent from the desk; working days are
        Sunday to Thursday. <a href={reportsCsvPath}>Download these figures as CSV</a>
      </p>
      <p>Colours: {types.map((t) => typeLabels[t]).join(", ")} (in that order from the bottom of each bar).</p>
      <Chart figures={figures} types={types} />
      <DataTable
        caption="Leads and first responses per week, oldest first"
        empty="No weeks to show."
        rows={figures}
        columns={[
          { header: "Week of", rowHeader: true, cell: (f) => f.week },
          ...types.map((t) => ({ header: `Received: ${typeLabels[t]}`, cell: (f: WeekFigures) => String(f.received[t] ?? 0) })),
          { header: "Received", cell: (f) => String(f.receivedTotal) },
          { header: "First response, median (hours)", cell: (f) => hours(f.medianHours) },
          { header: "First response, 90th percentile (hours)", cell: (f) => hours(f.p90Hours) },
          { header: "Answered within one working day", cell: (f) => share(f.withinOneWorkingDay) },
          { header: "Replies sent, per person", wraps: true, cell: (f) => people(f.repliesBy) },
        ]}
      />
    </>
  );
}

/**
 * Late first replies per lead type and week, and over the whole period (decision 0153); with `later`,
 * late later replies (decision 0157). Each names the targets it was measured by.
 */
export function LateRepliesTable({
  weeks,
  types,
  targets,
  later = false,
}: {
  weeks: LateWeek[];
  types: readonly LeadType[];
  targets: ResponseTargets;
  later?: boolean;
}) {
  const hours = later ? targets.laterHours : targets.hours;
  const shown = Object.fromEntries(types.map((t) => [t, hours[t]]));
  const id = later ? "late-later-heading" : "late-heading";
  const cell = (f: LateWeek, t: LeadType) => {
    const figures = f.byType[t];
    return !figures || figures.share === null ? "—" : `${share(figures.share)} (${figures.late} of ${figures.answered})`;
  };
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{later ? d.laterBreachHeading : d.breachHeading}</h2>
      <p>{(later ? d.laterBreachIntro : d.breachIntro)(d.targetsSummary(shown, typeLabels))}</p>
      <DataTable
        caption={later ? d.laterBreachCaption : d.breachCaption}
        empty="No weeks to show."
        rows={weeks}
        columns={[
          { header: "Week of", rowHeader: true, cell: (f) => (f.week === "all" ? d.wholePeriod(weeks.length - 1) : f.week) },
          ...types.map((t) => ({ header: `After the due time: ${typeLabels[t]}`, cell: (f: LateWeek) => cell(f, t) })),
        ]}
      />
    </section>
  );
}
