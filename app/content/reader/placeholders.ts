// {site.foundedYear}, {site.phone}, {business.aql} … in any text of content/: the fact is written
// once (content/site.yaml, the head office file, the business constants) and every text showing it
// follows. Lists read "A, B and C"; {…|comma} gives "A, B, C"; {…|count} the number of items;
// a pair of numbers is a range "30-90".

export type PlaceholderValues = Record<string, unknown>;

const placeholder = /\{([a-z]+(?:\.[A-Za-z0-9]+)+)(?:\|(comma|count))?\}/g;

function format(value: unknown, filter: string | undefined): string | undefined {
  if (Array.isArray(value)) {
    if (filter === "count") return String(value.length);
    if (value.length === 2 && value.every((v) => typeof v === "number")) return `${value[0]}-${value[1]}`;
    const items = value.map(String);
    if (filter === "comma" || items.length < 2) return items.join(", ");
    return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  }
  if (filter) return undefined;
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

function lookup(values: PlaceholderValues, name: string): unknown {
  return name.split(".").reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), values);
}

export function fillText(text: string, values: PlaceholderValues, problem: (message: string) => void): string {
  return text.replace(placeholder, (whole, name: string, filter: string | undefined) => {
    const formatted = format(lookup(values, name), filter);
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
export function resolvePlaceholders<T>(value: T, values: PlaceholderValues, problem: (path: string, message: string) => void, path: string[] = []): T {
  if (typeof value === "string") return fillText(value, values, (m) => problem(path.join("."), m)) as T;
  if (Array.isArray(value)) return value.map((v, i) => resolvePlaceholders(v, values, problem, [...path, String(i)])) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, values, problem, [...path, k])])) as T;
  return value; // numbers, booleans, Markdoc nodes (filled once converted to rich text)
}
