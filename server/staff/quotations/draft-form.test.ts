import { describe, expect, it } from "vitest";
import { parseDraftForm } from "./draft-form";

// A line's price breaks as the editor posts them (decision 0156): the rows typed, in order, checked
// against the line's quantity and the break before; every problem at its field, everything kept as typed.

/** The editor's form with one line of 3,000 pieces at USD 4.20 and the break rows given (line-0-break-{row}-…). */
function formWith(breaks: { quantity: string; price: string }[], line: Record<string, string> = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    lines: "1",
    validUntil: "2026-12-28",
    "line-0-product": "Men Hoodie",
    "line-0-quantity": "3000",
    "line-0-colours": "2",
    "line-0-price": "4.20",
    "line-0-currency": "USD",
    ...Object.fromEntries(Object.entries(line).map(([k, v]) => [`line-0-${k}`, v])),
  };
  breaks.forEach((b, row) => {
    fields[`line-0-break-${row}-quantity`] = b.quantity;
    fields[`line-0-break-${row}-price`] = b.price;
  });
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("a line's price breaks in the editor's form", () => {
  it("takes the rows typed in order, blank rows left out, each price in minor units of the line's currency; a higher price is allowed", () => {
    const parsed = parseDraftForm(
      formWith([
        { quantity: "5000", price: "3.95" },
        { quantity: "", price: "" },
        { quantity: "10000", price: "3.70" },
        { quantity: "20000", price: "3.80" },
      ]),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines[0]!.unitPriceMinor).toBe(420n);
    expect(parsed.lines[0]!.breaks).toEqual([
      { minQuantity: 5000, unitPriceMinor: 395n },
      { minQuantity: 10_000, unitPriceMinor: 370n },
      { minQuantity: 20_000, unitPriceMinor: 380n },
    ]);
    expect(parsed.values.lines[0]!.breaks).toEqual([
      { quantity: "5000", price: "3.95" },
      { quantity: "10000", price: "3.70" },
      { quantity: "20000", price: "3.80" },
    ]);
  });

  it("reads a break's price in its line's currency: none in decimals for one without them", () => {
    const parsed = parseDraftForm(formWith([{ quantity: "5000", price: "395.50" }], { price: "420", currency: "JPY" }));
    expect(parsed.lines).toEqual([]);
    expect(parsed.problems).toEqual([{ fieldId: "line-0-break-0-price", message: "Line 1, price break 1: the unit price has decimals, and JPY has none." }]);
  });

  it("says at each field what is wrong, keeps every value as typed and saves no line with a bad break", () => {
    const typed = [
      { quantity: "3000", price: "3.95" },
      { quantity: "12000", price: "three" },
      { quantity: "8000", price: "" },
      { quantity: "", price: "3.50" },
    ];
    const parsed = parseDraftForm(formWith(typed));
    expect(parsed.lines).toEqual([]);
    expect(parsed.values.lines[0]!.breaks).toEqual(typed);
    expect(parsed.problems).toEqual([
      { fieldId: "line-0-break-0-quantity", message: "Line 1, price break 1: the quantity must be above the line's own, 3,000 pieces." },
      {
        fieldId: "line-0-break-1-price",
        message: "Line 1, price break 2: the unit price is not a price: write it as digits with a dot for the decimals, such as 4.50.",
      },
      { fieldId: "line-0-break-2-quantity", message: "Line 1, price break 3: the quantity must be above the break before it, 12,000 pieces." },
      { fieldId: "line-0-break-2-price", message: "Line 1, price break 3: write its unit price." },
      { fieldId: "line-0-break-3-quantity", message: "Line 1, price break 4: write the quantity from which its price holds." },
    ]);
  });

  it("refuses a quantity that is not a whole number of pieces, and checks no break against a line quantity that is not one", () => {
    const parsed = parseDraftForm(
      formWith(
        [
          { quantity: "5,000", price: "3.95" },
          { quantity: "100", price: "3.90" },
        ],
        { quantity: "lots" },
      ),
    );
    expect(parsed.problems).toEqual([
      { fieldId: "line-0-quantity", message: "Quantity: a whole number of pieces from 1 to 10,000,000." },
      { fieldId: "line-0-break-0-quantity", message: "Line 1, price break 1: the quantity is a whole number of pieces up to 10,000,000." },
    ]);
  });
});
