/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { RevisionEntry } from "../leads/content-history";
import { query as queryParameter, readQuery, searchParamsOf } from "../platform/query-reader";
import { dayAfter, utcDay } from "../platform/utc-time";
import { Button, ButtonLink, InputField, SelectField, staffText, type Problem } from "../staff/ui";

// The history list's filters and paging, the same whether saves are revisions in the database
// (local mode) or commits in the repository (GitHub mode): one entry or the whole site, by person,
// by date, older saves a page at a time.

const t = staffText.history;

export type HistoryQuery = { type: string; slug: string; who: string; from: string; to: string };

/** The history's filters and its paging, each read by the one query reader within its range (decision 0134). */
const historyParameters = {
  type: queryParameter.text("Entry", 200),
  slug: queryParameter.text("Entry", 200),
  who: queryParameter.text("Person", 200),
  from: queryParameter.day("From date"),
  to: queryParameter.day("To date"),
};
/** Local mode pages by revision id; GitHub mode by a commit's sha, which it only compares with the list's. */
const revisionPaging = { ...historyParameters, before: queryParameter.integer("Older than save", 1) };

/**
 * The filters as asked for in the address; the entry they name (if any); their days in UTC, `from`
 * the first day's start and `until` the end of the last (exclusive); the revision to list older
 * saves than; and a problem for each parameter out of its range (the page answers 400 with them).
 */
export function historyQuery(
  c: Context,
  paging: "revisions" | "commits",
): { query: HistoryQuery; entry: RevisionEntry | undefined; from: Date | undefined; until: Date | undefined; before: number | undefined; problems: Problem[] } {
  const { values, problems } = readQuery(searchParamsOf(c.req.url), paging === "revisions" ? revisionPaging : historyParameters);
  const query = { type: values.type ?? "", slug: values.slug ?? "", who: values.who ?? "", from: values.from ?? "", to: values.to ?? "" };
  const [, kind, key] = /^(singleton|collection|files):(.+)$/.exec(query.type) ?? [];
  const entry = kind && key ? ({ kind, key, slug: kind === "collection" ? query.slug : "" } as RevisionEntry) : undefined;
  const to = utcDay(query.to);
  return {
    query,
    entry,
    from: utcDay(query.from),
    until: to ? dayAfter(to) : undefined,
    before: "before" in values ? (values.before as number | undefined) : undefined,
    problems: problems.map(({ message }) => ({ message })),
  };
}

/** The address query of one entry's history. */
export const entryQuery = (entry: RevisionEntry) =>
  new URLSearchParams({ type: `${entry.kind}:${entry.key}`, ...(entry.slug ? { slug: entry.slug } : {}) }).toString();

/** A link back to the whole site's history (on one entry's), then the filters. */
export function HistoryFilters({ query, entry, people }: { query: HistoryQuery; entry: RevisionEntry | undefined; people: readonly string[] }) {
  return (
    <>
      {entry ? (
        <p>
          <a href={staffPaths.history}>{t.wholeSite}</a>
        </p>
      ) : null}
      <form method="get" action={staffPaths.history} class="filters" role="search" aria-label={t.filter}>
        {entry ? <input type="hidden" name="type" value={query.type} /> : null}
        {entry?.slug ? <input type="hidden" name="slug" value={entry.slug} /> : null}
        <SelectField
          name="who"
          label={t.person}
          value={query.who}
          options={[{ value: "", label: t.anyone }, ...people.map((name) => ({ value: name, label: name }))]}
        />
        <InputField name="from" type="date" label={t.from} value={query.from} />
        <InputField name="to" type="date" label={t.to} value={query.to} />
        <div class="field actions">
          <Button>{t.filter}</Button>
          <ButtonLink href={entry ? `${staffPaths.history}?${entryQuery(entry)}` : staffPaths.history}>{t.reset}</ButtonLink>
        </div>
      </form>
    </>
  );
}

/** The link to the next page of older saves, when there is one (`query`: that page's address query). */
export function OlderLink({ query }: { query: string | undefined }) {
  return query ? (
    <p>
      <a href={`${staffPaths.history}?${query}`}>{t.older}</a>
    </p>
  ) : null;
}
