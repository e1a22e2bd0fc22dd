import { describe, expect, it } from "vitest";
import type { QuotationLine, QuotationTerms } from "../../leads/quotations";
import { compareVersions } from "./version-changes";
import { VersionChangesView } from "./version-changes-view";

const terms: QuotationTerms = {
  incoterm: "FOB",
  namedPlace: "Chittagong",
  paymentTerms: "LC at sight",
  leadTime: "90 days",
  validUntil: "2026-12-28",
  sampleTerms: "",
  terms: "",
};
const line = (over: Partial<QuotationLine>): QuotationLine => ({
  productRef: "",
  product: "Men Hoodie",
  quantity: 600,
  colours: 2,
  sizes: "M-XXL",
  unitPriceMinor: 640n,
  currency: "USD",
  notes: "",
  breaks: [],
  ...over,
});
const jacket = line({ productRef: "men/denim-jacket", product: "Men Denim Jacket", quantity: 1500, unitPriceMinor: 925n, currency: "EUR" });
const hoodie = line({ productRef: "men/hoodie" });
const tote = line({ product: "Cotton tote bag", quantity: 2000, unitPriceMinor: 110n });

describe("compareVersions", () => {
  it("finds nothing changed between two equal versions", () => {
    const changes = compareVersions({ ...terms, lines: [jacket, hoodie] }, { ...terms, lines: [{ ...jacket }, { ...hoodie }] });
    expect(changes.changed).toBe(false);
    expect(changes.lines.map((l) => l.kind)).toEqual(["unchanged", "unchanged"]);
    expect(changes.terms.every((t) => !t.changed)).toBe(true);
    expect(changes.totals.map((t) => t.kind)).toEqual(["unchanged", "unchanged"]);
  });

  it("pairs lines by their catalogue product, whatever their order, and names each field that changed", () => {
    const cheaper = { ...jacket, quantity: 2000, unitPriceMinor: 890n };
    const changes = compareVersions({ ...terms, lines: [jacket, hoodie] }, { ...terms, lines: [{ ...hoodie, sizes: "S-XXL" }, cheaper] });
    expect(changes.lines).toEqual([
      { kind: "changed", before: hoodie, after: { ...hoodie, sizes: "S-XXL" }, fields: ["sizes"] },
      { kind: "changed", before: jacket, after: cheaper, fields: ["quantity", "unitPrice", "lineTotal"] },
    ]);
    expect(changes.totals).toEqual([
      { currency: "USD", before: 384000n, after: 384000n, kind: "unchanged" },
      { currency: "EUR", before: 1387500n, after: 1780000n, kind: "changed" },
    ]);
  });

  it("keeps a renamed catalogue line as the same line with its product changed", () => {
    const changes = compareVersions({ ...terms, lines: [jacket] }, { ...terms, lines: [{ ...jacket, product: "Denim jacket, stone wash" }] });
    expect(changes.lines[0]).toMatchObject({ kind: "changed", fields: ["product"] });
  });

  it("lists lines added and removed, the removed after the others, and a currency's total that appears or goes", () => {
    const changes = compareVersions({ ...terms, lines: [jacket, hoodie] }, { ...terms, lines: [hoodie, tote] });
    expect(changes.lines).toEqual([
      { kind: "unchanged", before: hoodie, after: hoodie, fields: [] },
      { kind: "added", after: tote },
      { kind: "removed", before: jacket },
    ]);
    expect(changes.totals).toEqual([
      { currency: "USD", before: 384000n, after: 604000n, kind: "changed" },
      { currency: "EUR", before: 1387500n, after: null, kind: "removed" },
    ]);
    expect(changes.terms.find((t) => t.term === "currencies")).toEqual({ term: "currencies", before: "EUR, USD", after: "USD", changed: true });
    expect(changes.changed).toBe(true);
  });

  it("pairs two lines of the same product in their order, and a staff line by its words whatever their case and spacing", () => {
    const second = { ...hoodie, sizes: "S", quantity: 300 };
    const changes = compareVersions(
      { ...terms, lines: [hoodie, second, tote] },
      { ...terms, lines: [hoodie, { ...second, quantity: 400 }, { ...tote, product: "cotton  tote bag" }] },
    );
    expect(changes.lines.map((l) => (l.kind === "added" || l.kind === "removed" ? l.kind : [l.kind, l.fields]))).toEqual([
      ["unchanged", []],
      ["changed", ["quantity", "lineTotal"]],
      ["changed", ["product"]],
    ]);
  });

  it("sees a change of currency in the unit price, the currency and the line total, and an unpriced line as no total", () => {
    const changes = compareVersions(
      { ...terms, lines: [hoodie, tote] },
      {
        ...terms,
        lines: [
          { ...hoodie, currency: "EUR" },
          { ...tote, unitPriceMinor: null },
        ],
      },
    );
    expect(changes.lines.map((l) => (l.kind === "changed" ? l.fields : l.kind))).toEqual([
      ["unitPrice", "currency", "lineTotal"],
      ["unitPrice", "lineTotal"],
    ]);
    expect(changes.totals).toEqual([
      { currency: "EUR", before: null, after: 384000n, kind: "added" },
      { currency: "USD", before: 604000n, after: null, kind: "removed" },
    ]);
  });

  it("sees a price break added, changed or removed as a change of its line, the totals unchanged, and says the breaks before and after (decision 0156)", async () => {
    const breaks = [{ minQuantity: 5000, unitPriceMinor: 590n }];
    const jacketBreaks = { ...jacket, breaks: [{ minQuantity: 3000, unitPriceMinor: 890n }] };
    const before = { ...terms, lines: [hoodie, jacketBreaks, { ...tote, breaks: [{ minQuantity: 5000, unitPriceMinor: 95n }] }] };
    const after = {
      ...terms,
      lines: [
        { ...hoodie, breaks },
        { ...jacketBreaks, breaks: [{ minQuantity: 3000, unitPriceMinor: 880n }] },
        { ...tote, breaks: [] },
      ],
    };
    const changes = compareVersions(before, after);
    expect(changes.lines.map((l) => (l.kind === "changed" ? l.fields : l.kind))).toEqual([["priceBreaks"], ["priceBreaks"], ["priceBreaks"]]);
    expect(changes.totals.every((t) => t.kind === "unchanged")).toBe(true);
    expect(changes.changed).toBe(true);
    expect(compareVersions(after, { ...after, lines: after.lines.map((l) => ({ ...l, breaks: l.breaks.map((b) => ({ ...b })) })) }).changed).toBe(false);

    const html = String(await VersionChangesView({ changes, previous: 1, version: 2 }));
    expect(html).toContain("Changed<br/>Price breaks: none → from 5,000 at USD 5.90");
    expect(html).toContain("Changed<br/>Price breaks: from 3,000 at EUR 8.90 → from 3,000 at EUR 8.80");
    expect(html).toContain("Changed<br/>Price breaks: from 5,000 at USD 0.95 → none");
    const added = String(
      await VersionChangesView({ changes: compareVersions({ ...terms, lines: [] }, { ...terms, lines: [jacketBreaks] }), previous: 1, version: 2 }),
    );
    expect(added).toContain("Added<br/>Price breaks: from 3,000 at EUR 8.90");
  });

  it("compares each term, the Incoterm with its named place as one", () => {
    const changes = compareVersions(
      { ...terms, lines: [hoodie] },
      { ...terms, incoterm: "CIF", namedPlace: "Hamburg", validUntil: "2027-01-15", terms: "Prices include carton marking.", lines: [hoodie] },
    );
    expect(changes.terms.filter((t) => t.changed)).toEqual([
      { term: "incotermPlace", before: "FOB Chittagong", after: "CIF Hamburg", changed: true },
      { term: "validUntil", before: "2026-12-28", after: "2027-01-15", changed: true },
      { term: "terms", before: "", after: "Prices include carton marking.", changed: true },
    ]);
    expect(changes.changed).toBe(true);
  });
});
