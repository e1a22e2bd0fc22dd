/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { RevisionEntry } from "../leads/content-history";
import { dayAfter, utcDay } from "../platform/utc-time";
import { Button, ButtonLink, InputField, SelectField, staffText } from "../staff/ui";

// The history list's filters and paging, the same whether saves are revisions in the database
// (local mode) or commits in the repository (GitHub mode): one entry or the whole site, by person,
// by date, older saves a page at a time.

const t = staffText.history;

export type HistoryQuery = { type: string; slug: string; who: string; from: string; to: string };

/**
 * The filters as asked for in the address; the entry they name (if any); and their days in UTC,
 * `from` the first day's start and `until` the end of the last (exclusive).
 */
export function historyQuery(c: Context): { query: HistoryQuery; entry: RevisionEntry | undefined; from: Date | undefined; until: Date | undefined } {
  const query = { type: c.req.query("type") ?? "", slug: c.req.query("slug") ?? "", who: (c.req.query("who") ?? "").slice(0, 200), from: c.req.query("from") ?? "", to: c.req.query("to") ?? "" };
  const [, kind, key] = /^(singleton|collection|files):(.+)$/.exec(query.type) ?? [];
  const entry = kind && key ? ({ kind, key, slug: kind === "collection" ? query.slug : "" } as RevisionEntry) : undefined;
  const to = utcDay(query.to);
  return { query, entry, from: utcDay(query.from), until: to ? dayAfter(to) : undefined };
}

/** The address query of one entry's history. */
export const entryQuery = (entry: RevisionEntry) => new URLSearchParams({ type: `${entry.kind}:${entry.key}`, ...(entry.slug ? { slug: entry.slug } : {}) }).toString();

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
        <SelectField name="who" label={t.person} value={query.who} options={[{ value: "", label: t.anyone }, ...people.map((name) => ({ value: name, label: name }))]} />
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
