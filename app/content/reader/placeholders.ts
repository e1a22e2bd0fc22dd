// {site.foundedYear}, {site.phone}, {business.aql} … in any text of content/: the fact is written
// once (content/site.yaml, the head office file, the business constants) and every text showing it
// follows. Lists read "A, B and C"; {…|comma} gives "A, B, C"; {…|count} the number of items;
// a pair of numbers is a range "30-90".

// In a translation (decision 0176) the facts are its language's (PlaceholderValues made per language)
// and formatted in it: a list joined with its "and" (Intl.ListFormat: "Indien, Pakistan und China"),
// a number with its decimal sign (Intl.NumberFormat: "1,5-2,5"); a year ({site.foundedYear}) is
// never grouped. The default language's texts read as they always have.

export type PlaceholderValues = Record<string, unknown>;

/** A translation's language (its code), for its lists' "and" and its numbers; none: the default language's way. */
export type PlaceholderLanguage = string | undefined;

const isYear = (name: string) => /Year$/.test(name);
const numberIn = (n: number, name: string, code: PlaceholderLanguage) =>
  code && !isYear(name) ? new Intl.NumberFormat(code, { maximumFractionDigits: 20 }).format(n) : String(n);

const placeholder = /\{([a-z]+(?:\.[A-Za-z0-9]+)+)(?:\|(comma|count))?\}/g;

function format(value: unknown, filter: string | undefined, name: string, code: PlaceholderLanguage): string | undefined {
  if (Array.isArray(value)) {
    if (filter === "count") return numberIn(value.length, "", code);
    if (value.length === 2 && value.every((v) => typeof v === "number")) return value.map((n: number) => numberIn(n, name, code)).join("-");
    const items = value.map(String);
    if (filter === "comma" || items.length < 2) return items.join(", ");
    if (code) return new Intl.ListFormat(code, { style: "long", type: "conjunction" }).format(items);
    return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  }
  if (filter) return undefined;
  if (typeof value === "number") return numberIn(value, name, code);
  return typeof value === "string" ? value : undefined;
}

function lookup(values: PlaceholderValues, name: string): unknown {
  return name.split(".").reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), values);
}

export function fillText(text: string, values: PlaceholderValues, problem: (message: string) => void, code?: PlaceholderLanguage): string {
  return text.replace(placeholder, (whole, name: string, filter: string | undefined) => {
    const formatted = format(lookup(values, name), filter, name, code);
    if (formatted === undefined) {
      problem(`unknown placeholder ${whole} (see content/README.md for the names)`);
      return whole;
    }
    return formatted;
  });
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of `value` with every placeholder in its strings filled in; `problem` gets the field path. */
export function resolvePlaceholders<T>(
  value: T,
  values: PlaceholderValues,
  problem: (path: string, message: string) => void,
  path: string[] = [],
  code?: PlaceholderLanguage,
): T {
  if (typeof value === "string") return fillText(value, values, (m) => problem(path.join("."), m), code) as T;
  if (Array.isArray(value)) return value.map((v, i) => resolvePlaceholders(v, values, problem, [...path, String(i)], code)) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, values, problem, [...path, k], code)])) as T;
  return value; // numbers, booleans, Markdoc nodes (filled once converted to rich text)
}
