/**
 * One CSV record (RFC 4180): every value quoted, quotes doubled, CRLF at the end, and no value a
 * spreadsheet could read as a formula (OWASP "CSV Injection", decision 0068): a visitor's
 * "=HYPERLINK(…)" stays text on the staff's computer.
 */
export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map((value) => `"${guardFormula(String(value ?? "")).replace(/"/g, '""')}"`).join(",")}\r\n`;
}

/**
 * What a spreadsheet may skip before it reads a formula: white space (a space, a no-break space,
 * an ideographic space…), controls (tab, line feed, carriage return, NUL) and invisible format
 * characters (zero-width space, byte-order mark, bidi marks).
 */
const skipped = "[\\p{White_Space}\\p{Cc}\\p{Cf}]*";
/** What starts a formula or a DDE call: = + - @, and their full-width forms, which some spreadsheets take as the same. */
const starts = "[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]";
const formula = new RegExp(`^(?:\\p{Cc}|${skipped}${starts})`, "u");

/**
 * A value that starts with a control character (OWASP: tab, carriage return, line feed), or whose
 * first visible character starts a formula, gets an apostrophe in front: the spreadsheet shows it
 * as text. Nothing is removed, so staff still read exactly what the visitor typed.
 */
export function guardFormula(value: string): string {
  return formula.test(value) ? `'${value}` : value;
}

/** A whole CSV file: a byte-order mark (so spreadsheets read UTF-8), then each record. */
export function csvDocument(records: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${records.map(csvRecord).join("")}`;
}
