/**
 * What goes into the server log from outside — an e-mail typed at sign-in, an address, a path, a
 * driver's or mail server's error — passes through here, so a value can never start a line of its
 * own ("…\nstaff: sign-in for admin@… succeeded") or hide text with terminal or bidi controls.
 *
 * `logLine` writes each value logfmt-style (decision 0068): bare when it is one plain word (an
 * e-mail address, an IP, a number), else in double quotes with `\n`, `\"`, `\\`, `\u001b`…
 * escaped, so the line reads as before in the normal case and an odd value is visibly one value.
 */

/** Line breaks, C0/C1 controls, DEL, the line and paragraph separators and the bidi controls. */
const unsafe = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeUnsafe(text: string): string {
  return text.replace(unsafe, (c) => named[c] ?? `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`);
}

/** Text on one line: its backslashes doubled and every unsafe character written as an escape. */
export function oneLine(text: string): string {
  return escapeUnsafe(text.replace(/\\/g, "\\\\"));
}

/** A word that needs no quotes: nothing a reader could take for a separator, a quote or an escape. */
const bare = /^[^\s"\\=\p{C}\p{Z}]+$/u;

/** One value for a log line: a plain word as it is, anything else quoted and escaped; a date as ISO 8601. */
export function logValue(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "invalid-date" : value.toISOString();
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value === undefined || value === null) return "-";
  if (value instanceof Error) return logValue(value.message);
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return bare.test(text) ? text : `"${oneLine(text).replace(/"/g, '\\"')}"`;
}

/** A log line whose every `${value}` goes through `logValue`: `` logLine`staff: failed sign-in for ${email}` ``. */
export function logLine(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((line, text, i) => line + text + (i < values.length ? logValue(values[i]) : ""), "");
}

/**
 * A database failure in one line, for the log: a driver's error also lists the query's values (a
 * visitor's whole message and resume), and a stack trace per refused request floods an outage's log.
 * So a wrapped error gives its cause's message (the driver's reason), any other its first line.
 * Escaped (oneLine): a mail server's or driver's message may quote what a visitor typed.
 */
export const reasonOf = (error: unknown): string => {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return oneLine(cause.message);
  return oneLine(error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error));
};

/**
 * An error for the log: its message on one line (it may quote what a request sent), then its stack
 * frames, which name only this server's code. A stack that does not start with the message is left out.
 * An error wrapping another (the database's: its message is the query with every value, a buyer's
 * name and the whole notice e-mail) gives only its cause's reason, as `reasonOf` (decisions 0106, 0134).
 */
export function errorForLog(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const head = `${error.name}: ${error.message}`;
  const frames = error.stack?.startsWith(head) ? error.stack.slice(head.length) : "";
  const message = error.cause instanceof Error ? reasonOf(error) : oneLine(error.message);
  return `${oneLine(error.name)}: ${message}${frames}`;
}

/**
 * A request's path for the log, its secrets left out: the buyer's private link /quotation/{token}
 * (decision 0114) and any other segment that looks like a token (32 or more URL-safe characters) —
 * whoever reads the log must not be able to open the page.
 */
export const pathForLog = (path: string): string =>
  path
    .split("/")
    .map((segment, i, all) => (all[i - 1] === "quotation" && i === 2 && segment ? "{token}" : /^[A-Za-z0-9_%-]{32,}$/.test(segment) ? "{token}" : segment))
    .join("/");
