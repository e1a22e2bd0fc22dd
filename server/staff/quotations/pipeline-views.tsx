/** @jsxImportSource hono/jsx */
import countries from "i18n-iso-countries";
import { minorDigits, minorToDecimal, type CurrencyTotal } from "../../../app/lib/contracts/money";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import { versionLabel } from "../../leads/quotations";
import type { PipelineFigures } from "../pipeline";
import { BarChart, DataTable, type ChartSeries } from "../ui";

// The quotations pipeline page (decision 0115): each figure an inline SVG chart (no
// script) and a table of the same figures, whose rows are also its CSV (`pipelineTables`): the page
// and the download cannot disagree.

export const pipelinePath = staffPaths.quotations;
export const pipelineCsvPath = (table: PipelineTableId) => `${staffPaths.quotations}/${table}.csv`;

export const pipelineTableIds = ["open", "open-by-expiry", "months", "families", "countries", "first-quotation"] as const;
export type PipelineTableId = (typeof pipelineTableIds)[number];

/** A figure's table: its caption, column headers and rows of text, each row's first cell naming it (and linking to a lead when `href`). */
export type FigureTable = { caption: string; empty: string; header: string[]; rows: { cells: string[]; href?: string }[] };

const amountFormats = new Map<string, Intl.NumberFormat>();
/** An amount without its currency code (the column names it): "13,875.00", exact from minor units. */
export function amountText(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  let format = amountFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    amountFormats.set(currency, format);
  }
  return format.format(minorToDecimal(minor, currency) as unknown as number);
}

const amountIn = (totals: readonly CurrencyTotal[], currency: string, none = "") => {
  const total = totals.find((t) => t.currency === currency);
  return total ? amountText(total.minor, currency) : none;
};
const zero = (currency: string) => amountText(0n, currency);
const currenciesOf = (...groups: (readonly CurrencyTotal[])[]) => [...new Set(groups.flat().map((t) => t.currency))].sort();

export const countryLabel = (code: string) => (code ? `${countries.getName(code, "en") ?? code} (${code})` : "Not given");
export const familyLabel = (family: string) => (family ? family.charAt(0).toUpperCase() + family.slice(1).replace(/-/g, " ") : "Lines added by staff");
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const rate = (r: number | null) => (r === null ? "" : `${Math.round(r * 100)} %`);
const days = (d: number | null) => (d === null ? "" : d.toFixed(1));

/** Every table of the page, as text: what the page shows and what each CSV holds. */
export function pipelineTables(f: PipelineFigures): Record<PipelineTableId, FigureTable> {
  const openCurrencies = currenciesOf(f.openTotals);
  const monthCurrencies = currenciesOf(...f.byMonth.flatMap((m) => [m.acceptedTotals, m.declinedTotals]));
  const outcomeHeader = (first: string) => [first, "Won (accepted)", "Lost (declined or expired)", "Win rate"];
  return {
    open: {
      caption: "Open quotations, soonest to expire first",
      empty: "No quotation is open.",
      header: ["Quotation", "Buyer", "Country", "Valid until", "Days to expiry", ...openCurrencies.map((c) => `Value (${c})`)],
      rows: f.open.map((q) => ({
        href: `${staffPaths.leads}/${q.leadId}`,
        cells: [
          versionLabel(q.reference, q.version),
          q.buyer.company || q.buyer.name,
          countryLabel(q.buyer.country),
          q.validUntil,
          String(q.daysToExpiry),
          ...openCurrencies.map((c) => amountIn(q.totals, c)),
        ],
      })),
    },
    "open-by-expiry": {
      caption: "Open quotations by days to expiry, value per currency",
      empty: "No quotation is open.",
      header: ["Days to expiry", "Quotations", ...openCurrencies.map((c) => `Value (${c})`)],
      rows: f.open.length
        ? [
            ...f.openByBand.map((b) => ({ cells: [b.label, String(b.count), ...openCurrencies.map((c) => amountIn(b.totals, c, zero(c)))] })),
            { cells: ["All open", String(f.open.length), ...openCurrencies.map((c) => amountIn(f.openTotals, c, zero(c)))] },
          ]
        : [],
    },
    months: {
      caption: "Quotations accepted and declined per month of the buyer's answer, value per currency",
      empty: "No months to show.",
      header: ["Month", "Accepted", ...monthCurrencies.map((c) => `Accepted value (${c})`), "Declined", ...monthCurrencies.map((c) => `Declined value (${c})`)],
      rows: f.byMonth.map((m) => ({
        cells: [
          m.month,
          String(m.accepted),
          ...monthCurrencies.map((c) => amountIn(m.acceptedTotals, c, zero(c))),
          String(m.declined),
          ...monthCurrencies.map((c) => amountIn(m.declinedTotals, c, zero(c))),
        ],
      })),
    },
    families: {
      caption: "Win rate per product family (requests whose newest quotation was settled)",
      empty: "No quotation was accepted, declined or expired in these months.",
      header: outcomeHeader("Product family"),
      rows: f.byFamily.map((o) => ({ cells: [familyLabel(o.key), String(o.won), String(o.lost), rate(o.rate)] })),
    },
    countries: {
      caption: "Win rate per buyer country (requests whose newest quotation was settled)",
      empty: "No quotation was accepted, declined or expired in these months.",
      header: outcomeHeader("Buyer country"),
      rows: f.byCountry.map((o) => ({ cells: [countryLabel(o.key), String(o.won), String(o.lost), rate(o.rate)] })),
    },
    "first-quotation": {
      caption: "Days from a request to its first quotation, per month the first quotation was sent",
      empty: "No months to show.",
      header: ["Month", "Requests quoted", "Average days to first quotation"],
      rows: [
        ...f.firstQuotation.map((m) => ({ cells: [m.month, String(m.requests), days(m.averageDays)] })),
        { cells: [`All ${f.months.length} months`, String(f.firstQuotationOverall.requests), days(f.firstQuotationOverall.averageDays)] },
      ],
    },
  };
}

/** The table's header and rows as CSV records. */
export const tableRecords = (table: FigureTable): string[][] => [table.header, ...table.rows.map((r) => r.cells)];

function Figure({ id, table }: { id: PipelineTableId; table: FigureTable }) {
  return (
    <>
      <DataTable
        caption={table.caption}
        empty={table.empty}
        rows={table.rows}
        columns={table.header.map((header, i) => ({
          header,
          rowHeader: i === 0,
          cell: (row: FigureTable["rows"][number]) => (i === 0 && row.href ? <a href={row.href}>{row.cells[i]}</a> : row.cells[i]),
        }))}
      />
      {table.rows.length ? (
        <p>
          <a href={pipelineCsvPath(id)} download>
            Download “{table.caption}” as CSV
          </a>
        </p>
      ) : null}
    </>
  );
}

const green = "#047857";
const red = "#b91c1c";
const blue = "#1d4ed8";
const wonLost: ChartSeries[] = [
  { label: "Won", colour: green },
  { label: "Lost", colour: red },
];
/** An amount as a chart's bar height: drawing needs a number, the tables keep the exact figure. */
const size = (minor: bigint, currency: string) => Number(minor) / 10 ** minorDigits(currency);
const sizeIn = (totals: readonly CurrencyTotal[], currency: string) => {
  const t = totals.find((x) => x.currency === currency);
  return t ? size(t.minor, currency) : 0;
};
const shortMonth = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const after = "The table below has the same figures.";

export function PipelineView({ figures: f, today, timeZone }: { figures: PipelineFigures; today: string; timeZone: string }) {
  const tables = pipelineTables(f);
  const openCurrencies = currenciesOf(f.openTotals);
  const monthCurrencies = currenciesOf(...f.byMonth.flatMap((m) => [m.acceptedTotals, m.declinedTotals]));
  const period = `${monthLabel(f.months[0]!)} to ${monthLabel(f.months[f.months.length - 1]!)}`;
  return (
    <>
      <p>
        As of {today}. Values are totals of each quotation's lines, per currency: amounts in different currencies are never added. Months are calendar months in
        the company's time zone ({timeZone}), {period}. A quotation is open while it is sent and not yet accepted, declined, sent back for changes, withdrawn,
        superseded or past its last valid day.
      </p>

      <section aria-labelledby="open-heading">
        <h2 id="open-heading">Open quotations</h2>
        {f.open.length ? (
          <p>
            {f.open.length} open: {f.openTotals.map((t) => `${t.currency} ${amountText(t.minor, t.currency)}`).join("; ")}.
          </p>
        ) : (
          // Both tables of the section would each say so: said once, for the section.
          <p>{tables.open.empty}</p>
        )}
        {openCurrencies.map((c) => (
          <BarChart
            id={`open-${c}`}
            title={`Open quotations' value in ${c} by days to expiry`}
            description={`${f.openByBand.map((b) => `${b.label}: ${c} ${amountIn(b.totals, c, zero(c))}`).join("; ")}. ${after}`}
            series={[{ label: c, colour: blue }]}
            bars={f.openByBand.map((b) => ({ label: b.label, values: [sizeIn(b.totals, c)] }))}
            format={(n) => `${c} ${n.toLocaleString("en")}`}
          />
        ))}
        {f.open.length ? (
          <>
            <Figure id="open-by-expiry" table={tables["open-by-expiry"]} />
            <Figure id="open" table={tables.open} />
          </>
        ) : null}
      </section>

      <section aria-labelledby="months-heading">
        <h2 id="months-heading">Accepted and declined per month</h2>
        <BarChart
          id="months-count"
          title="Quotations accepted and declined per month"
          description={`${f.byMonth.map((m) => `${monthLabel(m.month)}: ${m.accepted} accepted, ${m.declined} declined`).join("; ")}. ${after}`}
          series={[
            { label: "Accepted", colour: green },
            { label: "Declined", colour: red },
          ]}
          bars={f.byMonth.map((m) => ({ label: shortMonth(m.month), values: [m.accepted, m.declined] }))}
        />
        {monthCurrencies.map((c) => (
          <BarChart
            id={`months-${c}`}
            title={`Value accepted and declined per month in ${c}`}
            description={`${f.byMonth.map((m) => `${monthLabel(m.month)}: ${c} ${amountIn(m.acceptedTotals, c, zero(c))} accepted, ${c} ${amountIn(m.declinedTotals, c, zero(c))} declined`).join("; ")}. ${after}`}
            series={[
              { label: `Accepted (${c})`, colour: green },
              { label: `Declined (${c})`, colour: red },
            ]}
            bars={f.byMonth.map((m) => ({ label: shortMonth(m.month), values: [sizeIn(m.acceptedTotals, c), sizeIn(m.declinedTotals, c)] }))}
            format={(n) => `${c} ${n.toLocaleString("en")}`}
          />
        ))}
        <Figure id="months" table={tables.months} />
      </section>

      <section aria-labelledby="win-heading">
        <h2 id="win-heading">Win rate</h2>
        <p>
          Each request counts once, by its newest quotation settled in these months: accepted is won; declined or expired is lost. A request quoted in several
          product families counts in each.
        </p>
        {f.byFamily.length ? (
          <BarChart
            id="families"
            title="Requests won and lost per product family"
            description={`${f.byFamily.map((o) => `${familyLabel(o.key)}: ${o.won} won, ${o.lost} lost, ${rate(o.rate)}`).join("; ")}. ${after}`}
            series={wonLost}
            bars={f.byFamily.map((o) => ({ label: familyLabel(o.key), values: [o.won, o.lost] }))}
          />
        ) : null}
        <Figure id="families" table={tables.families} />
        {f.byCountry.length ? (
          <BarChart
            id="countries"
            title="Requests won and lost per buyer country"
            description={`${f.byCountry.map((o) => `${countryLabel(o.key)}: ${o.won} won, ${o.lost} lost, ${rate(o.rate)}`).join("; ")}. ${after}`}
            series={wonLost}
            bars={f.byCountry.map((o) => ({ label: o.key || "?", values: [o.won, o.lost] }))}
          />
        ) : null}
        <Figure id="countries" table={tables.countries} />
      </section>

      <section aria-labelledby="first-heading">
        <h2 id="first-heading">Time to the first quotation</h2>
        <p>
          From the request's arrival to its first quotation sent, in days:{" "}
          {f.firstQuotationOverall.averageDays === null
            ? "no request was quoted in these months."
            : `${days(f.firstQuotationOverall.averageDays)} days on average over ${f.firstQuotationOverall.requests} request${f.firstQuotationOverall.requests === 1 ? "" : "s"}.`}
        </p>
        <BarChart
          id="first-quotation"
          title="Average days from request to first quotation, per month"
          description={`${f.firstQuotation.map((m) => `${monthLabel(m.month)}: ${m.averageDays === null ? "none" : `${days(m.averageDays)} days`}`).join("; ")}. ${after}`}
          series={[{ label: "Average days", colour: blue }]}
          bars={f.firstQuotation.map((m) => ({ label: shortMonth(m.month), values: [m.averageDays ?? 0] }))}
          format={(n) => `${n.toFixed(1)} days`}
        />
        <Figure id="first-quotation" table={tables["first-quotation"]} />
      </section>
    </>
  );
}
