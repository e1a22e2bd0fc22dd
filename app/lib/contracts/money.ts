// Money in a quotation (decision 0110): an amount is a whole number of the currency's minor
// units (cents, fils; none for JPY) as a bigint, never a float; a currency is an ISO 4217 code the
// runtime's ICU knows (Intl.supportedValuesOf), with the minor-unit digits ICU gives it. Amounts in
// different currencies are never added: totals are per currency. Server code only.

const knownCurrencies = new Set(Intl.supportedValuesOf("currency"));

/** An ISO 4217 code in use ("USD", "EUR", "BDT"); upper case only, as stored. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && knownCurrencies.has(code);
}

const digitsCache = new Map<string, number>();

/** How many decimals the currency's minor unit has (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** The largest unit price a quotation takes, in major units: more is a typing mistake, not a price. */
export const maxUnitPriceMajor = 1_000_000_000;

export type ParsedMoney = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * A price as staff type it ("4.5", "1,250.00", "4") in minor units of `currency`: a dot for the
 * decimals, commas only between thousands, no sign, at most the currency's decimals.
 */
export function parseMoney(text: string, currency: string): ParsedMoney {
  const typed = text.trim().replace(/[\s\u00a0]/g, "");
  const digits = minorDigits(currency);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(typed);
  if (!match) return { ok: false, message: `is not a price: write it as digits with a dot for the decimals, such as 4.50` };
  const whole = match[1]!.replace(/,/g, "");
  const fraction = match[2] ?? "";
  if (fraction.length > digits) {
    return { ok: false, message: digits === 0 ? `has decimals, and ${currency} has none` : `has more than ${digits} decimals for ${currency}` };
  }
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0");
  // Compared in minor units: 1,000,000,000.01 is more than the limit, whatever the currency's decimals.
  if (minor > BigInt(maxUnitPriceMajor) * 10n ** BigInt(digits))
    return { ok: false, message: `is larger than ${maxUnitPriceMajor.toLocaleString("en")} ${currency}` };
  return { ok: true, minor };
}

/** Minor units as the decimal text staff typed ("4.50"): what an edit field shows again. */
export function minorToDecimal(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, "0");
  const decimal = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${decimal}` : decimal;
}

const formats = new Map<string, Intl.NumberFormat>();

/** "US$1,250.00", "BDT 12,500.00": the amount in its currency, exactly (formatted from its decimal text, not a float). */
export function formatMoney(minor: bigint, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "code" });
    formats.set(currency, format);
  }
  // NumberFormat v3 (Node 20) formats a decimal string exactly; the cast is for TypeScript's older lib.
  return format.format(minorToDecimal(minor, currency) as unknown as number).replace(/\u00a0/g, " ");
}

export type PricedLine = { quantity: number; unitPriceMinor: bigint | null; currency: string };

/** A line's amount: quantity × unit price, in the line's currency (null for a line not priced yet). */
export const lineAmount = (line: PricedLine): bigint | null => (line.unitPriceMinor === null ? null : BigInt(line.quantity) * line.unitPriceMinor);

export type CurrencyTotal = { currency: string; minor: bigint; lines: number };

/** The total of each currency's priced lines, in the order the currencies first appear: never one sum across currencies. */
export function totalsByCurrency(lines: readonly PricedLine[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount === null) continue;
    const total = totals.get(line.currency) ?? { currency: line.currency, minor: 0n, lines: 0 };
    total.minor += amount;
    total.lines += 1;
    totals.set(line.currency, total);
  }
  return [...totals.values()];
}
