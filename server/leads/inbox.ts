import { sql, type SQL } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import type { StoredBytes } from "./files";
import { contentOf, fieldText, topicOf, type LeadContent } from "./lead-record";
import { isStatus, nextStatuses, statusLabels, transitionRefusal, type LeadStatus } from "./workflow";

/**
 * What the staff inbox reads and changes (server/staff/inbox calls these; no other module writes SQL
 * against the leads tables). Every query is limited to `types`, the lead types the reader may see
 * (the staff role's: server/staff/roles.ts): a lead of another type is never read, listed or counted.
 */

/** What the inbox shows: one type or all the reader may see, a status, an assignee, a date range, a search. */
export type InboxFilter = {
  type?: LeadType;
  status?: LeadStatus;
  /** A staff user id, or "none" for unassigned leads. */
  assignee?: string;
  /** Inclusive days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  q?: string;
  /** "below": only quote requests with a quantity below its product's usual minimum, trial orders (decision 0148). */
  minimum?: "below";
  /** Only leads sent from this language's pages (a code of content/locales.yaml, decision 0164). */
  locale?: string;
};

/** Who changes a lead, as its history names them. */
export type Actor = { id: string; name: string };

export const pageSize = 50;

/** A lead as the inbox lists it. */
export type LeadSummary = {
  id: number;
  /** What staff and the sender quote: the lead's reference (C-2026-00042, A-…, Q-…). */
  reference: string;
  type: LeadType;
  status: string;
  receivedAt: Date;
  name: string;
  email: string;
  company: string;
  country: string;
  /** The contact message's subject, the quote's products or the application's position. */
  topic: string;
  assigneeId: string | null;
  unread: boolean;
  /** A quote request with a quantity below its product's usual minimum: a trial order (decision 0148). */
  belowMinimum: boolean;
  /** The language its form was sent from (decision 0164). */
  locale: string;
  /** When the first reply went out, null before (decision 0153); absent where the list did not read it (the CSV, a customer's page). */
  firstResponseAt?: Date | null;
  /** "web" (a form on the site) or "outbox" (imported from the former outbox: answered outside the desk, owes no first reply). */
  source?: string;
  /** Since when the sender waits for us (decision 0101) and until when the lead is set aside (decision 0153); read by the list for its due times (decision 0157). */
  awaitingSince?: Date | null;
  followUpAt?: Date | null;
};

type SummaryRow = {
  id: number | string;
  reference: string | null;
  form: string;
  source: string;
  status: string;
  received_at: Date | string;
  fields: unknown;
  assignee_id: string | null;
  unread: boolean;
  below_minimum: boolean;
  locale: string;
  first_response_at?: Date | string | null;
  awaiting_since?: Date | string | null;
  follow_up_at?: Date | string | null;
};

/**
 * The reference staff and the sender quote: every lead has one (C-, A-, Q-YYYY-NNNNN, migration
 * 0008); SSL-{id} only for a row that somehow has none.
 */
export const leadReference = (id: number, given?: string | null) => given || `SSL-${id}`;

function toSummary(row: SummaryRow, content = contentOf(row.form, row.source, row.fields)): LeadSummary {
  return {
    id: Number(row.id),
    reference: leadReference(Number(row.id), row.reference),
    type: row.form as LeadType,
    status: row.status,
    receivedAt: new Date(row.received_at),
    name: fieldText(content, "name"),
    email: fieldText(content, "email"),
    company: fieldText(content, "company"),
    country: fieldText(content, "country"),
    topic: topicOf(content),
    assigneeId: row.assignee_id,
    unread: row.unread,
    belowMinimum: row.below_minimum === true,
    locale: row.locale,
    source: row.source,
    ...(row.first_response_at === undefined ? {} : { firstResponseAt: row.first_response_at === null ? null : new Date(row.first_response_at) }),
    ...(row.awaiting_since === undefined ? {} : { awaitingSince: row.awaiting_since === null ? null : new Date(row.awaiting_since) }),
    ...(row.follow_up_at === undefined ? {} : { followUpAt: row.follow_up_at === null ? null : new Date(row.follow_up_at) }),
  };
}

/**
 * The search text as a tsquery: a prefix match of every word typed ("acm jan" finds Jane at Acme),
 * the words split by the same parser that built the column, so an e-mail address is one word on
 * both sides. Read first and passed back as a value, so the planner sees the words (decision 0087):
 * built inside the list's own statement it was an unknown, and PostgreSQL guessed it matched
 * everything — 1.4 s for one e-mail address among 500,000 leads. Null when nothing searchable was typed.
 */
async function tsqueryOf(db: Database, q: string): Promise<string | null> {
  const [row] = await rows<{ query: string | null }>(
    db,
    sql`select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ') as query from unnest(to_tsvector('simple', ${q}::text))`,
  );
  return row?.query || null;
}

/** What a typed e-mail address looks like: matched exactly (any case) through its own index, as well as word by word. */
const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A reference typed alone (Q-2026-00042 or [C-2026-00007] as a reply's subject carries it; the former SSL-42) finds that lead; other text is searched word by word.
 * `few`: the search names one lead or one sender (a reference, an e-mail address), so its matches are few (decision 0131).
 */
async function searchCondition(db: Database, q: string): Promise<{ condition: SQL; few: boolean }> {
  const typed = q.trim();
  const own = /^SSL-(\d{1,15})$/i.exec(typed);
  if (own) return { condition: sql`l.id = ${Number(own[1])}`, few: true };
  const tagged = /^\[?([CAQ]-\d{4}-\d+)\]?$/i.exec(typed);
  if (tagged) return { condition: sql`l.reference = ${tagged[1]!.toUpperCase()}`, few: true };
  const query = await tsqueryOf(db, typed);
  const words = query ? sql`l.search @@ ${query}::tsquery` : sql`false`;
  return emailLike.test(typed)
    ? { condition: sql`(lower(l.fields->>'email') = ${typed.toLowerCase()} or ${words})`, few: true }
    : { condition: words, few: false };
}

/** A filter as SQL (on `leads l`): the types' and the other columns' conditions, and the search's apart, since a search's rows are read differently. */
type Where = {
  types: LeadType[];
  columns: SQL;
  search?: SQL;
  /** The search names one lead or one sender (a reference, an e-mail address): a few matches, never walked for. */
  few?: boolean;
  all: SQL;
  /** All but the types. */
  others: SQL;
};

/** The languages the leads the reader may see were sent in (decision 0164): the inbox's language filter offers these. */
export async function leadLocales(db: Database, types: readonly LeadType[]): Promise<string[]> {
  if (types.length === 0) return [];
  const found = await rows<{ locale: string }>(db, sql`select distinct l.locale from leads l where ${formIn(types)} order by l.locale`);
  return found.map((r) => r.locale);
}

const formIn = (types: readonly LeadType[]) =>
  sql`l.form in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/** The WHERE clause of a filter within the types the reader may see; null when the filter asks for another type. */
async function whereOf(db: Database, allowed: readonly LeadType[], filter: InboxFilter): Promise<Where | null> {
  const types = filter.type ? allowed.filter((t) => t === filter.type) : [...allowed];
  if (types.length === 0) return null;
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(sql`l.status = ${filter.status}`);
  if (filter.assignee === "none") conditions.push(sql`l.assignee_id is null`);
  else if (filter.assignee) conditions.push(sql`l.assignee_id = ${filter.assignee}`);
  if (filter.from) conditions.push(sql`l.received_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  if (filter.to) conditions.push(sql`l.received_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  if (filter.minimum === "below") conditions.push(sql`l.below_minimum`);
  if (filter.locale) conditions.push(sql`l.locale = ${filter.locale}`);
  const columns = sql.join([formIn(types), ...conditions], sql` and `);
  const searched = filter.q ? await searchCondition(db, filter.q) : undefined;
  const search = searched?.condition;
  const few = searched?.few;
  return {
    types,
    columns,
    search,
    few,
    all: search ? sql`${columns} and ${search}` : columns,
    others: sql.join([sql`true`, ...conditions, ...(search ? [search] : [])], sql` and `),
  };
}

/**
 * Up to this many matches the inbox counts them exactly; above, it shows PostgreSQL's estimate
 * ("about 480,000 leads", decision 0088): an exact count reads every match, seconds at 500,000
 * leads. A filter's count reads index entries only; a search checks each row, hence the lower limit.
 */
export const exactCountLimit = 10_000;
export const exactSearchCountLimit = 1_000;
/** Up to how many matches a list is counted exactly: a filter's, a search's. */
export type ExactCountLimits = { filter: number; search: number };
const exactCountLimits: ExactCountLimits = { filter: exactCountLimit, search: exactSearchCountLimit };

/** The planner's estimate of the rows a query returns (EXPLAIN: nothing is run). */
async function estimatedRows(db: Database, query: SQL): Promise<number> {
  const [row] = await rows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(parsed[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * How many leads match: exact up to the limit (reading at most limit + 1 of them), else an
 * estimate, the sum of each type's (the planner takes "form in (…)" for overlapping conditions and
 * underestimates it by a quarter). `matched`: how many match, when a search's page counted them already.
 */
async function countOf(db: Database, where: Where, limits: ExactCountLimits, matched?: number): Promise<{ total: number; estimated: boolean }> {
  const limit = where.search ? limits.search : limits.filter;
  const counted =
    matched !== undefined
      ? Math.min(matched, limit + 1)
      : Number(
          (await rows<{ n: number | string }>(db, sql`select count(*) as n from (select 1 from leads l where ${where.all} limit ${limit + 1}) as matched`))[0]
            ?.n ?? 0,
        );
  if (counted <= limit) return { total: counted, estimated: false };
  const byType = await Promise.all(where.types.map((type) => estimatedRows(db, sql`select 1 from leads l where l.form = ${type} and ${where.others}`)));
  return {
    total: Math.max(
      limit + 1,
      byType.reduce((a, b) => a + b, 0),
    ),
    estimated: true,
  };
}

export type LeadList = {
  leads: LeadSummary[];
  total: number;
  /** `total` is an estimate (more matches than the exact count's limit): the inbox says "about". */
  estimated: boolean;
  page: number;
  /** The number of pages (an estimate too when the total is). */
  pages: number;
  /** Whether a page follows or precedes this one: known exactly, even when the total is estimated. */
  hasNext: boolean;
  hasPrevious: boolean;
};

/**
 * Which page to show: its number, and for a deep page the lead just before or after it (keyset
 * paging, decision 0089: the page is read from there, not by skipping every row before it), or the
 * last page (read from the oldest end).
 */
export type PageAt = { page?: number; after?: number; before?: number; last?: boolean };

type Key = { at: string; id: number };

/** Which way a page is read, and from which lead on. */
type Reading = { from: "newest" | "oldest"; key?: Key };

/** The conditions and order of a reading, on rows named `l` with `received_at` and `id`. */
function orderOf({ from, key }: Reading): { beyond: SQL; order: SQL } {
  const newest = from === "newest";
  const beyond = !key
    ? sql``
    : newest
      ? sql`and (l.received_at, l.id) < (${key.at}::timestamp at time zone 'UTC', ${key.id})`
      : sql`and (l.received_at, l.id) > (${key.at}::timestamp at time zone 'UTC', ${key.id})`;
  return { beyond, order: newest ? sql`order by l.received_at desc, l.id desc` : sql`order by l.received_at, l.id` };
}

/** The leads whose ids the statement `ids` gives, as the list shows them: newest first. */
function readLeads(db: Database, staffId: string, ids: SQL): Promise<SummaryRow[]> {
  return rows<SummaryRow>(
    db,
    sql`with page as (${ids})
      select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.fields - 'message' - 'coverLetter' as fields, l.assignee_id, l.below_minimum, l.locale,
        l.first_response_at, l.awaiting_since, l.follow_up_at,
        not exists (select 1 from lead_reads r where r.lead_id = l.id and r.staff_id = ${staffId}) as unread
      from page join leads l on l.id = page.id
      order by l.received_at desc, l.id desc`,
  );
}

/** A search's walk (decision 0087): the newest (or oldest) rows of the other filters in order, each checked, at most `walk` of them. */
function walkedIds(where: Where & { search: SQL }, reading: Reading, walk: number, limit: number): SQL {
  const { beyond, order } = orderOf(reading);
  return sql`select l.id from (select l.id, l.received_at, l.reference, l.search, l.fields from leads l where ${where.columns} ${beyond} ${order} limit ${walk}) as l where ${where.search} ${order} limit ${limit}`;
}

/**
 * A page of the filter's leads, always listed newest first; read from the newest or the oldest end,
 * skipping `skip` of them, or from a key (the lead the page follows or precedes).
 */
async function readPage(
  db: Database,
  {
    where,
    staffId,
    from,
    key,
    limit,
    skip = 0,
    many = false,
  }: {
    where: Where;
    staffId: string;
    from: "newest" | "oldest";
    key?: Key;
    limit: number;
    skip?: number;
    /** More matches than a search counts exactly. */ many?: boolean;
  },
): Promise<SummaryRow[]> {
  const { beyond, order } = orderOf({ from, key });
  // The page's ids first: skipping rows then reads index entries, not the rows' fields.
  if (!where.search) return readLeads(db, staffId, sql`select l.id from leads l where ${where.all} ${beyond} ${order} limit ${limit} offset ${skip}`);
  // A search (decision 0087). Each match is checked in its row, so the plan follows the number of
  // matches, which the planner often misjudges (words that come together, as a company's name).
  // Many: walk the newest (or oldest) rows in order and check each, up to a few thousand of them;
  // common words fill a page within a few dozen rows.
  if (many && skip === 0) {
    const walked = await readLeads(db, staffId, walkedIds({ ...where, search: where.search }, { from, key }, searchWalk, limit));
    if (walked.length === limit) return walked;
  }
  // Few (or sparse among the newest): every match from the search index, then in order.
  return readLeads(
    db,
    staffId,
    sql`select l.id from (select l.id, l.received_at from leads l where ${where.all} ${beyond} offset 0) as l ${order} limit ${limit} offset ${skip}`,
  );
}

/** How many rows a search reads in order before it takes its matches from the search index instead (about √(50 × 500,000)). */
const searchWalk = 5_000;

/**
 * How a search's first page walks (decision 0131): `walk` rows at most — `searchWalk` when the
 * planner expects a page within them (its estimate of the matches among the other filters' rows),
 * else none, the matches coming from the search index straight away (a company's name, estimated at
 * 2,400 of 500,000 leads, skips a walk that could not fill a page) — and `matches`, that estimate.
 */
async function walkFor(db: Database, where: Where, limit: number): Promise<{ walk: number; matches: number }> {
  const [matches, rowsRead] = await Promise.all([
    estimatedRows(db, sql`select 1 from leads l where ${where.all}`),
    estimatedRows(db, sql`select 1 from leads l where ${where.columns}`),
  ]);
  return { walk: (limit * Math.max(1, rowsRead)) / Math.max(1, matches) > searchWalk ? 0 : searchWalk, matches };
}

/** A search's page read ahead of its count, and how many leads match when that was read with it. */
type SearchRead = Reading & { limit: number; found: SummaryRow[]; matches?: number };

/**
 * The first page a search shows (page 1, a page by Next or Previous, the last page), read before it
 * is counted (decision 0131): by the walk (in two stretches) when the matches are common among the rows walked;
 * otherwise, or when the walk fills no page, every match from the search index once, counted and
 * sorted in one statement (the count used to read the index a second time).
 */
async function readSearchPage(
  db: Database,
  where: Where & { search: SQL },
  staffId: string,
  reading: Reading,
  limit: number,
  { walk, matches: estimate }: { walk: number; matches: number },
): Promise<SearchRead> {
  const { beyond, order } = orderOf(reading);
  const idsOf = async (statement: SQL) => (await rows<{ id: number | string }>(db, statement)).map((row) => Number(row.id));
  const leadsOf = async (ids: number[]) => (ids.length === 0 ? [] : await readLeads(db, staffId, sql`select unnest(${`{${ids.join(",")}}`}::bigint[]) as id`));
  if (walk > 0) {
    // A fifth of the walk first; the rest when that found matches at a rate that fills a page within
    // the walk, or when the planner expects too many matches to read them all from the search index
    // (matches that gather elsewhere than among the newest, and are not that many, cost a fifth of it).
    const stretch = Math.ceil(walk / 5);
    const walked = await idsOf(walkedIds(where, reading, stretch, limit));
    if (walked.length < limit && (walked.length * 5 >= limit || estimate > searchWalk)) {
      const [edge] = await rows<{ at: string; id: number | string }>(
        db,
        sql`select to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, l.id from leads l where ${where.columns} ${beyond} ${order} offset ${stretch - 1} limit 1`,
      );
      if (edge)
        walked.push(...(await idsOf(walkedIds(where, { ...reading, key: { at: edge.at, id: Number(edge.id) } }, walk - stretch, limit - walked.length))));
    }
    if (walked.length === limit) return { ...reading, limit, found: await leadsOf(walked) };
  }
  const [row] = await rows<{ matches: number | string; ids: (number | string)[] | string | null }>(
    db,
    sql`with matched as materialized (select l.id, l.received_at from leads l where ${where.all})
      select (select count(*) from matched) as matches,
        (select json_agg(l.id) from (select l.id from matched l where true ${beyond} ${order} limit ${limit}) as l) as ids`,
  );
  const ids = (typeof row?.ids === "string" ? (JSON.parse(row.ids) as (number | string)[]) : (row?.ids ?? [])).map(Number);
  return { ...reading, limit, found: await leadsOf(ids), matches: Number(row?.matches ?? 0) };
}

/**
 * The rows of a page that a search read ahead holds, or undefined: the same reading for as many
 * rows or fewer, or every match (then from either end).
 */
function readAhead(ahead: SearchRead | undefined, { from, key, limit, skip = 0 }: Reading & { limit: number; skip?: number }): SummaryRow[] | undefined {
  if (!ahead || skip !== 0 || ahead.key?.id !== key?.id) return undefined;
  const complete = ahead.found.length < ahead.limit;
  if (ahead.from !== from && !(complete && !key)) return undefined;
  if (!complete && limit > ahead.limit) return undefined;
  return from === "newest" ? ahead.found.slice(0, limit) : ahead.found.slice(Math.max(0, ahead.found.length - limit));
}

/** Where a lead the reader may see sits in the newest-first order (a page's key); undefined for any other id. */
async function keyOf(db: Database, types: readonly LeadType[], id: number | undefined): Promise<Key | undefined> {
  if (id === undefined || !Number.isSafeInteger(id) || id < 1) return undefined;
  const [row] = await rows<{ at: string }>(
    db,
    sql`select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from leads where id = ${id} and form in (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  return row ? { at: row.at, id } : undefined;
}

/**
 * One page of the filtered inbox, newest first, with the total the filter matches. A page asked for
 * by its number alone is read from the nearer end of the list; with `after` or `before` (the lead
 * the previous page ended with, the next one began with) from that lead; `last` from the oldest end.
 * So no page skips more than a few thousand rows, however many leads there are (decision 0089).
 */
export async function listLeads(
  db: Database,
  {
    types,
    staffId,
    filter,
    page = 1,
    after,
    before,
    last = false,
    size = pageSize,
    exactUpTo = exactCountLimits,
    searchWalk: walkLimit,
  }: {
    types: readonly LeadType[];
    staffId: string;
    filter: InboxFilter;
    size?: number;
    exactUpTo?: ExactCountLimits;
    /** How many rows a search's first page walks (0: none) instead of what the planner's estimates say: tests force each way with it. */
    searchWalk?: number;
  } & PageAt,
): Promise<LeadList> {
  const where = await whereOf(db, types, filter);
  if (!where) return { leads: [], total: 0, estimated: false, page: 1, pages: 1, hasNext: false, hasPrevious: false };
  const number = Math.max(1, page);
  const afterKey = number > 1 ? await keyOf(db, types, after) : undefined;
  const beforeKey = afterKey ? undefined : await keyOf(db, types, before);
  // A search reads the page it most likely shows first, and counts with it when it reads every match (decision 0131).
  const { search } = where;
  const first: Reading | undefined = afterKey
    ? { from: "newest", key: afterKey }
    : beforeKey
      ? { from: "oldest", key: beforeKey }
      : last
        ? { from: "oldest" }
        : number === 1
          ? { from: "newest" }
          : undefined;
  const ahead =
    search && first
      ? await readSearchPage(
          db,
          { ...where, search },
          staffId,
          first,
          size + 1,
          walkLimit !== undefined || where.few ? { walk: walkLimit ?? 0, matches: 0 } : await walkFor(db, where, size + 1),
        )
      : undefined;
  const read = async (reading: Parameters<typeof readPage>[1]) => readAhead(ahead, reading) ?? (await readPage(db, reading));
  const { total, estimated } = await countOf(db, where, exactUpTo, ahead?.matches);
  const counted = Math.max(1, Math.ceil(total / size));
  const list = (found: SummaryRow[], number: number, hasPrevious: boolean, hasNext: boolean): LeadList => ({
    leads: found.map((row) => toSummary(row)),
    total,
    estimated,
    page: number,
    // An estimate never contradicts what was read: no page after one without a next, at least one after one with.
    pages: !estimated ? counted : hasNext ? Math.max(counted, number + 1) : number,
    hasNext,
    hasPrevious,
  });

  if (afterKey) {
    const found = await read({ where, staffId, from: "newest", key: afterKey, limit: size + 1, many: estimated });
    if (found.length > 0) return list(found.slice(0, size), number, true, found.length > size);
  }
  if (beforeKey) {
    const found = await read({ where, staffId, from: "oldest", key: beforeKey, limit: size + 1, many: estimated });
    // Less than a page before it plus one: this is the first page (leads came in meanwhile).
    if (found.length > size) return list(found.slice(1), Math.max(2, number), true, true);
  }
  if (estimated) {
    if (last) return list(await read({ where, staffId, from: "oldest", limit: size, many: true }), counted, true, false);
    // A page number alone over an estimated total (an address typed or kept): skipped to from the newest.
    const found = await read({ where, staffId, from: "newest", limit: size + 1, skip: (number - 1) * size, many: true });
    return list(found.slice(0, size), number, number > 1, found.length > size);
  }
  // Exact: every page is within reach of one end.
  const shown = last ? counted : Math.min(number, counted);
  const start = (shown - 1) * size;
  const count = Math.max(0, Math.min(size, total - start));
  const fromOldest = total - start - count < start;
  const found = await read({ where, staffId, from: fromOldest ? "oldest" : "newest", limit: count || size, skip: fromOldest ? total - start - count : start });
  return list(found, shown, shown > 1, shown < counted);
}

/** The leads either side of one in a list: `previous` above it (newer), `next` below it (older). */
export type LeadNeighbours = { previous?: number; next?: number };

/**
 * The leads either side of lead `id` in the inbox's order (newest first) under `filter`, among the
 * types the reader may see (decision 0154): a lead's page links them as Previous and Next. The lead
 * itself need not match the filter any more (its status changed since it was opened): its place in
 * the order counts. None for a lead the reader may not see, or a filter asking for another type.
 */
export async function leadNeighbours(
  db: Database,
  { types, filter, id }: { types: readonly LeadType[]; filter: InboxFilter; id: number },
): Promise<LeadNeighbours> {
  const [where, key] = await Promise.all([whereOf(db, types, filter), keyOf(db, types, id)]);
  if (!where || !key) return {};
  const nearest = async (reading: Reading) => {
    const { beyond, order } = orderOf(reading);
    // A search takes its matches from the search index first (as a search's list does when they are few), then the nearest.
    const statement = where.search
      ? sql`select l.id from (select l.id, l.received_at from leads l where ${where.all} ${beyond} offset 0) as l ${order} limit 1`
      : sql`select l.id from leads l where ${where.all} ${beyond} ${order} limit 1`;
    const [row] = await rows<{ id: number | string }>(db, statement);
    return row ? Number(row.id) : undefined;
  };
  const [previous, next] = await Promise.all([nearest({ from: "oldest", key }), nearest({ from: "newest", key })]);
  return { ...(previous === undefined ? {} : { previous }), ...(next === undefined ? {} : { next }) };
}

/** A lead waiting for us, with the time its sender's unanswered message arrived. */
export type WaitingLead = LeadSummary & { awaitingSince: Date };

/**
 * "Waiting for us" (decision 0101): the leads whose sender spoke last (their request or their answer not
 * yet replied to), oldest first, read from the `leads_awaiting` index. Counted as the inbox is
 * (countOf): exactly up to `exactUpTo`, else the planner's estimate (`estimated`: the page says
 * "about") — an exact count read 400,000 index entries, ≈ 80 ms at 500,000 leads (decision 0125).
 */
export async function listWaiting(
  db: Database,
  {
    types,
    staffId,
    page = 1,
    size = pageSize,
    exactUpTo = exactCountLimit,
  }: { types: readonly LeadType[]; staffId: string; page?: number; size?: number; exactUpTo?: number },
): Promise<{ leads: WaitingLead[]; total: number; estimated: boolean; page: number; pages: number }> {
  if (types.length === 0) return { leads: [], total: 0, estimated: false, page: 1, pages: 1 };
  // A lead snoozed with "follow up on <date>" is not waiting until its day (decision 0153, ./follow-ups.ts).
  const waiting = sql`l.awaiting_since is not null and l.follow_up_at is null`;
  const columns = sql`${formIn(types)} and ${waiting}`;
  const where: Where = { types: [...types], columns, all: columns, others: waiting };
  const [{ total, estimated }, found] = await Promise.all([
    countOf(db, where, { filter: exactUpTo, search: exactUpTo }),
    rows<SummaryRow & { awaiting_since: Date | string }>(
      db,
      sql`with page as (
            select l.id from leads l where ${where.all}
            order by l.awaiting_since, l.id
            limit ${size} offset ${(Math.max(1, page) - 1) * size})
          select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.awaiting_since, l.fields - 'message' - 'coverLetter' as fields, l.assignee_id, l.below_minimum, l.locale,
            l.first_response_at,
            not exists (select 1 from lead_reads r where r.lead_id = l.id and r.staff_id = ${staffId}) as unread
          from page join leads l on l.id = page.id
          order by l.awaiting_since, l.id`,
    ),
  ]);
  return {
    leads: found.map((row) => ({ ...toSummary(row), awaitingSince: new Date(row.awaiting_since) })),
    total,
    estimated,
    page: Math.max(1, page),
    pages: Math.max(1, Math.ceil(total / size)),
  };
}

/**
 * New leads per type the reader may see (the badge and the type filter); other types are absent.
 * Counted exactly up to exactCountLimit per type, else estimated (`estimated`: the badge says "about").
 */
export async function countNew(
  db: Database,
  types: readonly LeadType[],
): Promise<{ total: number; byType: Partial<Record<LeadType, number>>; estimated?: true }> {
  if (types.length === 0) return { total: 0, byType: {} };
  const found = await rows<{ form: LeadType; n: number | string }>(
    db,
    sql`select t.form, (select count(*) from (select 1 from leads l where l.status = 'new' and l.form = t.form limit ${exactCountLimit + 1}) as matched) as n
        from (values ${sql.join(
          types.map((type) => sql`(${type}::text)`),
          sql`, `,
        )}) as t (form)`,
  );
  const byType: Partial<Record<LeadType, number>> = {};
  let estimated = false;
  for (const row of found) {
    const counted = Number(row.n);
    if (counted <= exactCountLimit) byType[row.form] = counted;
    else {
      estimated = true;
      byType[row.form] = Math.max(counted, await estimatedRows(db, sql`select 1 from leads l where l.status = 'new' and l.form = ${row.form}`));
    }
  }
  const total = Object.values(byType).reduce((a, b) => a + b, 0);
  return estimated ? { total, byType, estimated } : { total, byType };
}

export type LeadEvent = {
  id: number;
  at: Date;
  actorId: string;
  actorName: string;
  /** "quotation": a version sent, withdrawn or expired, or the buyer's answer (from: the version; to: what happened; body: the buyer's message). */
  kind: "status" | "assign" | "note" | "quotation" | "follow-up";
  fromValue: string | null;
  toValue: string | null;
  body: string | null;
};
export type LeadFileInfo = { id: number; role: string; filename: string; contentType: string; size: number };
export type LeadDetail = {
  id: number;
  /** See LeadSummary.reference. */
  reference: string;
  /** The reference its sender was told (a quote's), if any. */
  givenReference: string | null;
  type: LeadType;
  status: string;
  receivedAt: Date;
  source: string;
  /** Its fields, read through its kind's schema. */
  content: LeadContent;
  assigneeId: string | null;
  files: LeadFileInfo[];
  events: LeadEvent[];
  /** When the company first answered it from the desk; null until then. */
  firstResponseAt: Date | null;
  /** Since when the sender waits for us (their request or their last message unanswered); null when we spoke last. */
  awaitingSince: Date | null;
  /** A quote request with a quantity below its product's usual minimum: a trial order (decision 0148). */
  belowMinimum: boolean;
  /** The language its form was sent from (decision 0164). */
  locale: string;
};

/**
 * A lead the role may not see is "missing", exactly as one that does not exist (404 both): an id
 * must not tell sales which leads are job applications (decision 0051).
 */
export type Access<T> = { ok: true; value: T } | { ok: false; reason: "missing" };

async function leadAccess(
  db: Database,
  types: readonly LeadType[],
  id: number,
): Promise<Access<{ form: LeadType; status: string; assigneeId: string | null }>> {
  if (!Number.isSafeInteger(id) || id < 1 || types.length === 0) return { ok: false, reason: "missing" };
  const [row] = await rows<{ form: LeadType; status: string; assignee_id: string | null }>(
    db,
    sql`select form, status, assignee_id from leads where id = ${id} and form in (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  if (!row) return { ok: false, reason: "missing" };
  return { ok: true, value: { form: row.form, status: row.status, assigneeId: row.assignee_id } };
}

export async function getLead(db: Database, types: readonly LeadType[], id: number): Promise<Access<LeadDetail>> {
  const access = await leadAccess(db, types, id);
  if (!access.ok) return access;
  const [[lead], files, events] = await Promise.all([
    rows<{
      id: number | string;
      reference: string | null;
      form: LeadType;
      status: string;
      received_at: Date | string;
      source: string;
      fields: unknown;
      assignee_id: string | null;
      first_response_at: Date | string | null;
      awaiting_since: Date | string | null;
      below_minimum: boolean;
      locale: string;
    }>(
      db,
      sql`select id, reference, form, status, received_at, source, fields, assignee_id, first_response_at, awaiting_since, below_minimum, locale from leads where id = ${id}`,
    ),
    rows<{ id: number | string; role: string; filename: string; content_type: string; size: number | string }>(
      db,
      sql`select id, role, filename, content_type, coalesce(size, octet_length(content)) as size from lead_files where lead_id = ${id} and message_id is null order by position, id`,
    ),
    rows<{
      id: number | string;
      at: Date | string;
      actor_id: string;
      actor_name: string;
      kind: LeadEvent["kind"];
      from_value: string | null;
      to_value: string | null;
      body: string | null;
    }>(db, sql`select id, at, actor_id, actor_name, kind, from_value, to_value, body from lead_events where lead_id = ${id} order by id`),
  ]);
  if (!lead) return { ok: false, reason: "missing" };
  return {
    ok: true,
    value: {
      id: Number(lead.id),
      reference: leadReference(Number(lead.id), lead.reference),
      givenReference: lead.reference,
      type: lead.form,
      status: lead.status,
      receivedAt: new Date(lead.received_at),
      source: lead.source,
      content: contentOf(lead.form, lead.source, lead.fields),
      assigneeId: lead.assignee_id,
      files: files.map((f) => ({ id: Number(f.id), role: f.role, filename: f.filename, contentType: f.content_type, size: Number(f.size) })),
      events: events.map((e) => ({
        id: Number(e.id),
        at: new Date(e.at),
        actorId: e.actor_id,
        actorName: e.actor_name,
        kind: e.kind,
        fromValue: e.from_value,
        toValue: e.to_value,
        body: e.body,
      })),
      firstResponseAt: lead.first_response_at === null ? null : new Date(lead.first_response_at),
      awaitingSince: lead.awaiting_since === null ? null : new Date(lead.awaiting_since),
      belowMinimum: lead.below_minimum === true,
      locale: lead.locale,
    },
  };
}

/**
 * Who a customer is (decision 0149): the e-mail address a lead came from and, where the lead has one,
 * its company's name. Another lead is the same customer's when its address is the same (any case,
 * spaces around it left out) or its company's name is (any case, whitespace left out).
 */
export type CustomerKey = { email: string; company: string };

/** A sent version of a quote lead's quotation, as the customer view shows it: its status and totals' parts. */
export type CustomerQuotation = {
  version: number;
  /** sent, superseded, accepted, changes_requested, declined, expired, revoked (server/leads/quotations.ts). */
  status: string;
  sentAt: Date | null;
  /** The accepted version this one revises (decision 0137); null when it revises none. */
  revisesVersion: number | null;
  lines: { quantity: number; unitPriceMinor: bigint | null; currency: string }[];
};

/** A lead of a customer: what the list shows of it, how many messages its conversation has, and a quote's versions, newest first. */
export type CustomerLead = Omit<LeadSummary, "assigneeId" | "unread" | "country"> & {
  /** Its address is the customer's (else it is there by its company's name). */
  sameEmail: boolean;
  /** E-mails in its conversation after the request: replies sent and answers received. */
  messages: number;
  quotations: CustomerQuotation[];
};

/** The most leads the customer view lists (its newest); a customer with more is told there are more. */
export const customerLeadLimit = 200;

/**
 * The condition on `leads l` that a customer's leads meet: the lead itself, the same address through
 * leads_email (an address is stored trimmed: the forms' schema trims it), the same company's name
 * through leads_company (the same expression as that index's, its constants inline, or the planner
 * would not see it is the index's). Exported for the store's test of its plan.
 */
export function customerCondition({ email, company }: CustomerKey, leadId?: number): SQL {
  const conditions: SQL[] = [];
  if (leadId !== undefined) conditions.push(sql`l.id = ${leadId}`);
  if (email.trim()) conditions.push(sql`lower(l.fields->>'email') = lower(btrim(${email}::text))`);
  if (/\S/.test(company))
    conditions.push(
      sql`${sql.raw(`lower(regexp_replace(l.fields->>'company', '\\s+', '', 'g'))`)} = lower(regexp_replace(${company}::text, ${sql.raw(`'\\s+'`)}, '', 'g'))`,
    );
  return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
}

type CustomerRow = Omit<SummaryRow, "assignee_id" | "unread"> & {
  same_email: boolean;
  messages: number | string;
  quotations:
    | {
        version: number;
        status: string;
        sent_at: string | null;
        revises_version: number | null;
        lines: { quantity: number; unit_price_minor: string | null; currency: string }[];
      }[]
    | string
    | null;
};

/**
 * A customer's leads of the types the reader may see, newest first (at most `limit`; `more`: there
 * are older ones), each with its conversation's message count and, for a quote request, every
 * version of its quotation sent (newest first) with its lines' amounts. `leadId`: the lead the
 * customer was found from, listed whatever its fields hold. One statement.
 */
export async function customerLeads(
  db: Database,
  { types, customer, leadId, limit = customerLeadLimit }: { types: readonly LeadType[]; customer: CustomerKey; leadId?: number; limit?: number },
): Promise<{ leads: CustomerLead[]; more: boolean }> {
  if (types.length === 0) return { leads: [], more: false };
  const found = await rows<CustomerRow>(
    db,
    sql`select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.fields - 'message' - 'coverLetter' as fields,
          coalesce(lower(l.fields->>'email') = lower(btrim(${customer.email}::text)), false) as same_email,
          (select count(*) from lead_messages m where m.lead_id = l.id) as messages,
          (select json_agg(json_build_object('version', q.version, 'status', q.status, 'sent_at', q.sent_at, 'revises_version', q.revises_version,
              'lines', (select coalesce(json_agg(json_build_object('quantity', ql.quantity, 'unit_price_minor', ql.unit_price_minor::text, 'currency', ql.currency)
                order by ql.position), '[]'::json) from quotation_lines ql where ql.quotation_id = q.id))
              order by q.version desc)
            from quotations q where q.lead_id = l.id and q.version is not null) as quotations
        from leads l
        where ${formIn(types)} and ${customerCondition(customer, leadId)}
        order by l.received_at desc, l.id desc
        limit ${limit + 1}`,
  );
  return {
    leads: found.slice(0, limit).map((row) => {
      const { assigneeId: _assignee, unread: _unread, country: _country, ...summary } = toSummary({ ...row, assignee_id: null, unread: false });
      const quotations = typeof row.quotations === "string" ? (JSON.parse(row.quotations) as Exclude<CustomerRow["quotations"], string>) : row.quotations;
      return {
        ...summary,
        sameEmail: customer.email.trim() !== "" && row.same_email,
        messages: Number(row.messages),
        quotations: (quotations ?? []).map((q) => ({
          version: Number(q.version),
          status: q.status,
          sentAt: q.sent_at === null ? null : new Date(q.sent_at),
          revisesVersion: q.revises_version === null ? null : Number(q.revises_version),
          lines: q.lines.map((line) => ({
            quantity: Number(line.quantity),
            unitPriceMinor: line.unit_price_minor === null ? null : BigInt(line.unit_price_minor),
            currency: line.currency,
          })),
        })),
      };
    }),
    more: found.length > limit,
  };
}

/** How many leads of the types the reader may see are the customer's (the link on a lead's page), counted up to `limit` + 1. */
export async function countCustomerLeads(
  db: Database,
  { types, customer, leadId, limit = customerLeadLimit }: { types: readonly LeadType[]; customer: CustomerKey; leadId?: number; limit?: number },
): Promise<{ count: number; more: boolean }> {
  if (types.length === 0) return { count: 0, more: false };
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from leads l where ${formIn(types)} and ${customerCondition(customer, leadId)} limit ${limit + 1}) as matched`,
  );
  const counted = Number(row?.n ?? 0);
  return { count: Math.min(counted, limit), more: counted > limit };
}

/**
 * A file of a lead the reader may see (the download): its name, type and where its bytes are (its
 * row, or the bucket: `LeadFiles.open` streams them, decision 0161).
 */
export async function getLeadFile(
  db: Database,
  types: readonly LeadType[],
  leadId: number,
  fileId: number,
): Promise<Access<{ filename: string; contentType: string; size: number } & StoredBytes>> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  if (!Number.isSafeInteger(fileId)) return { ok: false, reason: "missing" };
  const [file] = await rows<{ filename: string; content_type: string; size: number | string; content: Buffer | Uint8Array | null; object_key: string | null }>(
    db,
    sql`select filename, content_type, coalesce(size, octet_length(content)) as size, content, object_key from lead_files where id = ${fileId} and lead_id = ${leadId}`,
  );
  if (!file) return { ok: false, reason: "missing" };
  return {
    ok: true,
    value: {
      filename: file.filename,
      contentType: file.content_type,
      size: Number(file.size),
      content: file.content ? Buffer.from(file.content) : null,
      objectKey: file.object_key,
    },
  };
}

/** The staff user has seen the lead: it is no longer marked unread for them. */
export async function markRead(db: Database, leadId: number, staffId: string): Promise<void> {
  await db.execute(sql`insert into lead_reads (lead_id, staff_id) values (${leadId}, ${staffId}) on conflict do nothing`);
}

export type Change = { ok: true } | { ok: false; reason: "missing" } | { ok: false; reason: "refused"; message: string };

/**
 * Moves a lead along its workflow and records it in the history, in one statement. `from` is the
 * status the staff saw: when someone else moved the lead meanwhile, the change is refused with the
 * current status rather than applied over theirs.
 */
export async function changeStatus(
  db: Database,
  { types, actor, leadId, from, to }: { types: readonly LeadType[]; actor: Actor; leadId: number; from: string; to: string },
): Promise<Change> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  const { form, status } = access.value;
  if (status !== from) {
    const now = isStatus(status) ? statusLabels[status] : status;
    return { ok: false, reason: "refused", message: `This lead is ${now} now (someone changed it meanwhile); nothing was changed.` };
  }
  const refusal = transitionRefusal(form, from, to);
  if (refusal) return { ok: false, reason: "refused", message: refusal };
  // One statement (the embedded database takes one message per query, decision 0041): the history
  // row is written only when the guarded update moved the lead.
  const updated = await rows<{ id: number }>(
    db,
    // A lead whose workflow ends (closed, won, lost, hired, rejected) no longer waits for us (decision 0101).
    sql`with moved as (
          update leads set status = ${to}, awaiting_since = case when ${nextStatuses(form, to).length === 0} then null else awaiting_since end
          where id = ${leadId} and status = ${from} returning id)
        insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
        select id, ${actor.id}, ${actor.name}, 'status', ${from}, ${to} from moved returning lead_id as id`,
  );
  if (updated.length === 0) return { ok: false, reason: "refused", message: "This lead was changed by someone else meanwhile; nothing was changed." };
  return { ok: true };
}

/** The e-mail that tells the new assignee (server/mail/assignment-mail.ts), queued by the assignment's own statement. */
export type AssignmentMail = { recipient: string; eml: Buffer };

/**
 * Gives the lead to a staff user (null: nobody); the caller checks that the user may see its type.
 * With `mail`, the job that sends it is written in the same statement as the assignment and its
 * history row: the assignee is told exactly when the change is made, and the relay sends it once.
 */
export async function assignLead(
  db: Database,
  { types, actor, leadId, assigneeId, mail }: { types: readonly LeadType[]; actor: Actor; leadId: number; assigneeId: string | null; mail?: AssignmentMail },
): Promise<Change> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  if (access.value.assigneeId === assigneeId) return { ok: true };
  const assigned = sql`with assigned as (update leads set assignee_id = ${assigneeId} where id = ${leadId} returning id),
        event as (
          insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
          select id, ${actor.id}, ${actor.name}, 'assign', ${access.value.assigneeId}, ${assigneeId} from assigned
          returning id, lead_id)`;
  await db.execute(
    mail
      ? sql`${assigned} insert into mail_jobs (lead_id, kind, eml, recipients) select lead_id, 'assigned:' || id, ${mail.eml}::bytea, ${mail.recipient}::text from event`
      : sql`${assigned} select id from event`,
  );
  return { ok: true };
}

/** The most leads one bulk action changes (a page of the list is `pageSize`). */
export const bulkLimit = 100;

/** A ticked lead as a bulk action reads it first: what decides whether and how it changes. */
export type BulkLead = { id: number; reference: string; type: LeadType; status: string; assigneeId: string | null; receivedAt: Date; topic: string };

/** The ticked leads of the types the reader may see, in the order given; an id the reader may not see is left out, exactly as one no lead has. */
export async function leadsForBulk(db: Database, types: readonly LeadType[], ids: readonly number[]): Promise<BulkLead[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (types.length === 0 || wanted.length === 0) return [];
  const found = await rows<{
    id: number | string;
    reference: string | null;
    form: LeadType;
    source: string;
    status: string;
    received_at: Date | string;
    fields: unknown;
    assignee_id: string | null;
  }>(
    db,
    sql`select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.fields - 'message' - 'coverLetter' as fields, l.assignee_id
        from leads l where l.id in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${formIn(types)}`,
  );
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        reference: leadReference(id, row.reference),
        type: row.form,
        status: row.status,
        assigneeId: row.assignee_id,
        receivedAt: new Date(row.received_at),
        topic: topicOf(contentOf(row.form, row.source, row.fields)),
      },
    ];
  });
}

/**
 * Moves several leads to `to` in one statement (one transaction): each from the status it was read
 * with (`from`), so a lead someone else moved meanwhile is left as it is, and each moved lead gets its
 * history row. The caller checks each move against the workflow (`transitionRefusal`). Returns the
 * ids moved; the others were changed by someone else meanwhile.
 */
export async function changeStatuses(
  db: Database,
  { types, actor, leads, to }: { types: readonly LeadType[]; actor: Actor; leads: readonly { id: number; type: LeadType; from: string }[]; to: string },
): Promise<number[]> {
  if (types.length === 0 || leads.length === 0) return [];
  // A lead whose workflow ends (closed, won, lost, hired, rejected) no longer waits for us (decision 0101), as changeStatus.
  const wanted = sql.join(
    leads.map((lead) => sql`(${lead.id}::bigint, ${lead.from}::text, ${nextStatuses(lead.type, to).length === 0}::boolean)`),
    sql`, `,
  );
  const moved = await rows<{ id: number | string }>(
    db,
    sql`with wanted (id, from_status, ends) as (values ${wanted}),
        moved as (
          update leads l set status = ${to}, awaiting_since = case when w.ends then null else l.awaiting_since end
          from wanted w where l.id = w.id and l.status = w.from_status and ${formIn(types)} returning l.id, w.from_status)
        insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
        select id, ${actor.id}, ${actor.name}, 'status', from_status, ${to} from moved returning lead_id as id`,
  );
  return moved.map((row) => Number(row.id));
}

/**
 * Gives several leads to a staff user (null: nobody) in one statement (one transaction): each lead
 * still with the assignee it was read with (`from`), its history row, and, in `mails`, the e-mail that
 * tells the assignee of that lead (as assignLead). The caller checks the assignee may see each lead's
 * type. Returns the ids given; the others were changed by someone else meanwhile.
 */
export async function assignLeads(
  db: Database,
  {
    types,
    actor,
    leads,
    assigneeId,
    mails = new Map(),
  }: {
    types: readonly LeadType[];
    actor: Actor;
    leads: readonly { id: number; from: string | null }[];
    assigneeId: string | null;
    mails?: ReadonlyMap<number, AssignmentMail>;
  },
): Promise<number[]> {
  if (types.length === 0 || leads.length === 0) return [];
  const wanted = sql.join(
    leads.map((lead) => sql`(${lead.id}::bigint, ${lead.from}::text)`),
    sql`, `,
  );
  const assigned = sql`with wanted (id, before) as (values ${wanted}),
        assigned as (
          update leads l set assignee_id = ${assigneeId} from wanted w
          where l.id = w.id and l.assignee_id is not distinct from w.before and l.assignee_id is distinct from ${assigneeId}::text and ${formIn(types)}
          returning l.id, w.before),
        event as (
          insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
          select id, ${actor.id}, ${actor.name}, 'assign', before, ${assigneeId} from assigned
          returning id, lead_id)`;
  const letters = [...mails].filter(([id]) => leads.some((lead) => lead.id === id));
  const given = await rows<{ id: number | string }>(
    db,
    letters.length
      ? sql`${assigned},
          mailed as (
            insert into mail_jobs (lead_id, kind, eml, recipients)
            select e.lead_id, 'assigned:' || e.id, m.eml, m.recipient
            from event e join (values ${sql.join(
              letters.map(([id, mail]) => sql`(${id}::bigint, ${mail.eml}::bytea, ${mail.recipient}::text)`),
              sql`, `,
            )}) as m (lead_id, eml, recipient) on m.lead_id = e.lead_id
            returning 1)
        select lead_id as id from event`
      : sql`${assigned} select lead_id as id from event`,
  );
  return given.map((row) => Number(row.id));
}

/** Marks several leads read or unread for one staff user, in one statement; only leads of the types the reader may see. */
export async function markLeads(
  db: Database,
  { types, staffId, leadIds, read }: { types: readonly LeadType[]; staffId: string; leadIds: readonly number[]; read: boolean },
): Promise<void> {
  if (types.length === 0 || leadIds.length === 0) return;
  const ids = sql.join(
    leadIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    read
      ? sql`insert into lead_reads (lead_id, staff_id) select l.id, ${staffId} from leads l where l.id in (${ids}) and ${formIn(types)} on conflict do nothing`
      : sql`delete from lead_reads r using leads l where r.lead_id = l.id and r.staff_id = ${staffId} and l.id in (${ids}) and ${formIn(types)}`,
  );
}

export const noteMaxLength = 5000;

/** An internal note: seen by staff only, kept in the lead's history. */
export async function addNote(
  db: Database,
  { types, actor, leadId, body }: { types: readonly LeadType[]; actor: Actor; leadId: number; body: string },
): Promise<Change> {
  const text = body.trim();
  if (!text) return { ok: false, reason: "refused", message: "The note is empty: write something to add it." };
  if (text.length > noteMaxLength) return { ok: false, reason: "refused", message: `The note is longer than ${noteMaxLength} characters.` };
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  await db.execute(sql`insert into lead_events (lead_id, actor_id, actor_name, kind, body) values (${leadId}, ${actor.id}, ${actor.name}, 'note', ${text})`);
  return { ok: true };
}

/** A lead as the CSV export writes it: the list's columns and its message (a contact's or quote's message, an application's cover letter). */
export type ExportedLead = LeadSummary & { message: string };

/**
 * Every lead the filter matches (not one page), newest first, in batches of `batch` read by keyset
 * (received time and id), so tens of thousands of rows never sit in memory at once.
 */
export async function* leadsForExport(
  db: Database,
  { types, filter, batch = 1000 }: { types: readonly LeadType[]; filter: InboxFilter; batch?: number },
): AsyncGenerator<ExportedLead[]> {
  const where = await whereOf(db, types, filter);
  if (!where) return;
  let after: { receivedAt: string; id: number } | undefined;
  for (;;) {
    const page = await rows<SummaryRow & { at: string }>(
      db,
      sql`select l.id, l.reference, l.form, l.source, l.status, l.received_at, to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, l.fields, l.assignee_id, false as unread
          from leads l where ${where.all}
          ${after ? sql`and (l.received_at, l.id) < (${after.receivedAt}::timestamp at time zone 'UTC', ${after.id})` : sql``}
          order by l.received_at desc, l.id desc limit ${batch}`,
    );
    if (page.length === 0) return;
    yield page.map((row) => {
      const content = contentOf(row.form, row.source, row.fields);
      const fields = content.fields as Record<string, unknown>;
      const message = typeof fields.message === "string" ? fields.message : typeof fields.coverLetter === "string" ? fields.coverLetter : "";
      return { ...toSummary(row, content), message };
    });
    const last = page[page.length - 1]!;
    after = { receivedAt: last.at, id: Number(last.id) };
    if (page.length < batch) return;
  }
}
