import { refusedCharacter, showRefused } from "./text-check";
import { utcDay } from "./utc-time";

// The one reader of a page's query parameters (decision 0134): each parameter is read once, by its
// kind, within its range — text without a character no keyboard types, a day of the years 1–9999,
// an integer within a safe range, one of a list — and anything else is a problem with a reason,
// which the page answers with 400 instead of handing the value to the database (where a NUL, the
// year 0 or 1e20 failed as a 500).

/** A parameter's kind: its value, or the sentence that says what is wrong with it. */
export type QueryParameter<T> = { label: string; read: (raw: string) => { value: T } | { why: string } };

/** A value as a problem quotes it: its refused characters shown as U+FFFD, at most 60 characters. */
const quoted = (raw: string) => JSON.stringify(showRefused(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw));

export const query = {
  /** Free text (a search, a name): trimmed, cut to `max` characters. */
  text: (label: string, max: number): QueryParameter<string> => ({
    label,
    read: (raw) => {
      const found = refusedCharacter(raw);
      return found ? { why: `has ${found}, which no form sends` } : { value: raw.trim().slice(0, max) };
    },
  }),
  /** A date field's day (YYYY-MM-DD, a real day of the years 0001–9999), as written. */
  day: (label: string): QueryParameter<string> => ({
    label,
    read: (raw) => (utcDay(raw.trim()) ? { value: raw.trim() } : { why: "is not a date (YYYY-MM-DD)" }),
  }),
  /** A whole number from `min` to `max` (both safe integers), in digits. */
  integer: (label: string, min: number, max: number = Number.MAX_SAFE_INTEGER): QueryParameter<number> => ({
    label,
    read: (raw) => {
      const value = /^\s*-?\d{1,16}\s*$/.test(raw) ? Number(raw) : Number.NaN;
      return Number.isSafeInteger(value) && value >= min && value <= max ? { value } : { why: `is not a whole number from ${min} to ${max}` };
    },
  }),
  /** One of `values`. */
  oneOf: <V extends string>(label: string, values: readonly V[], why: string): QueryParameter<V> => ({
    label,
    read: (raw) => ((values as readonly string[]).includes(raw.trim()) ? { value: raw.trim() as V } : { why }),
  }),
};

export type QueryProblem = { name: string; message: string };

/**
 * The parameters `shape` names, each read by its kind: a value for each one given and good, and a
 * problem for each one given and not (`From date "0000-01-01" is not a date (YYYY-MM-DD).`). A
 * parameter given empty is not given; parameters the shape does not name are not read at all.
 */
export function readQuery<S extends Record<string, QueryParameter<unknown>>>(
  params: URLSearchParams,
  shape: S,
): { values: { [K in keyof S]?: S[K] extends QueryParameter<infer T> ? T : never }; problems: QueryProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: QueryProblem[] = [];
  for (const [name, parameter] of Object.entries(shape)) {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") continue;
    const read = parameter.read(raw);
    if ("value" in read) values[name] = read.value;
    else problems.push({ name, message: `${parameter.label} ${quoted(raw.trim())} ${read.why}.` });
  }
  return { values: values as { [K in keyof S]?: S[K] extends QueryParameter<infer T> ? T : never }, problems };
}

/** The query of a request's URL, for `readQuery`. */
export const searchParamsOf = (url: string) => new URL(url).searchParams;
