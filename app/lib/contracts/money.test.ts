import { describe, expect, it } from "vitest";
import { formatMoney, isCurrency, minorDigits, minorToDecimal, parseMoney, totalsByCurrency } from "./money";

describe("money in minor units", () => {
  it("knows ISO 4217 codes and their minor units from Intl", () => {
    expect(["USD", "EUR", "BDT", "JPY", "KWD"].every(isCurrency)).toBe(true);
    expect(["usd", "XYZ", "US", "DOLLAR", ""].some(isCurrency)).toBe(false);
    expect([minorDigits("USD"), minorDigits("JPY"), minorDigits("KWD")]).toEqual([2, 0, 3]);
  });

  it("reads a price as typed into exact minor units, and refuses what is not one", () => {
    expect(parseMoney("4.5", "USD")).toEqual({ ok: true, minor: 450n });
    expect(parseMoney("1,250.05", "EUR")).toEqual({ ok: true, minor: 125005n });
    expect(parseMoney("1200", "JPY")).toEqual({ ok: true, minor: 1200n });
    expect(parseMoney("0.125", "KWD")).toEqual({ ok: true, minor: 125n });
    // 0.1 + 0.2 is not 0.30000000000000004 here: no float on the way.
    expect(parseMoney("0.30", "USD")).toEqual({ ok: true, minor: 30n });
    expect(parseMoney("4.505", "USD")).toMatchObject({ ok: false, message: "has more than 2 decimals for USD" });
    expect(parseMoney("12.5", "JPY")).toMatchObject({ ok: false, message: "has decimals, and JPY has none" });
    for (const bad of ["-4", "4,5", "1e3", "", "4.", "$4"]) expect(parseMoney(bad, "USD").ok).toBe(false);
  });

  it("takes a price up to exactly 1,000,000,000 in every currency's decimals and refuses the least unit more", () => {
    const tooLarge = (currency: string) => ({ ok: false, message: `is larger than 1,000,000,000 ${currency}` });
    expect(parseMoney("1,000,000,000", "EUR")).toEqual({ ok: true, minor: 100_000_000_000n });
    expect(parseMoney("1000000000.00", "USD")).toEqual({ ok: true, minor: 100_000_000_000n });
    expect(parseMoney("1,000,000,000.01", "EUR")).toEqual(tooLarge("EUR"));
    expect(parseMoney("1000000000.1", "USD")).toEqual(tooLarge("USD"));
    expect(parseMoney("1,000,000,000", "JPY")).toEqual({ ok: true, minor: 1_000_000_000n });
    expect(parseMoney("1,000,000,001", "JPY")).toEqual(tooLarge("JPY"));
    expect(parseMoney("1,000,000,000.000", "KWD")).toEqual({ ok: true, minor: 1_000_000_000_000n });
    expect(parseMoney("1,000,000,000.001", "KWD")).toEqual(tooLarge("KWD"));
    expect(parseMoney("999,999,999.999", "KWD")).toEqual({ ok: true, minor: 999_999_999_999n });
  });

  it("formats exactly and totals per currency, never across currencies", () => {
    expect(formatMoney(123456789012345678n, "USD")).toBe("USD 1,234,567,890,123,456.78");
    expect(minorToDecimal(5n, "USD")).toBe("0.05");
    const totals = totalsByCurrency([
      { quantity: 1000, unitPriceMinor: 450n, currency: "USD" },
      { quantity: 500, unitPriceMinor: 1200n, currency: "EUR" },
      { quantity: 300, unitPriceMinor: 250n, currency: "USD" },
      { quantity: 200, unitPriceMinor: 99000n, currency: "BDT" },
      { quantity: 50, unitPriceMinor: null, currency: "GBP" },
    ]);
    expect(totals.map((t) => [t.currency, formatMoney(t.minor, t.currency), t.lines])).toEqual([
      ["USD", "USD 5,250.00", 2],
      ["EUR", "EUR 6,000.00", 1],
      ["BDT", "BDT 198,000.00", 1],
    ]);
  });
});
