/**
 * One CSV record (RFC 4180): every value quoted, quotes doubled, CRLF at the end. A value a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed
 * with an apostrophe: a visitor's "=HYPERLINK(…)" stays text on the staff's computer (OWASP CSV injection).
 */
export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map((value) => `"${guardFormula(String(value ?? "")).replace(/"/g, '""')}"`).join(",")}\r\n`;
}

function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
