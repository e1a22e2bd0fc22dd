import { describe, expect, it } from "vitest";
import { fillParts, partsText } from "./text-parts";

// A sentence with names in it as parts (decision 0183): a name's `lang` only where it is not the sentence's.
describe("fillParts", () => {
  it("keeps a name's language where it is not the sentence's, and joins the rest into the sentence's words", () => {
    const name = [{ text: "Herren", lang: "de" }, { text: " " }, { text: "Hoodie", lang: "en" }];
    expect(fillParts("{product} ist jetzt in Ihrer Angebotsanfrage.", { product: name }, "de")).toEqual([
      { text: "Herren " },
      { text: "Hoodie", lang: "en" },
      { text: " ist jetzt in Ihrer Angebotsanfrage." },
    ]);
  });

  it("fills words as words, leaves an unknown slot as written, and marks every part with a language when the sentence says none", () => {
    expect(fillParts("Produktübersicht {family} herunterladen (PDF, {size}) {other}", { family: [{ text: "Women", lang: "en" }], size: "61 kB" })).toEqual([
      { text: "Produktübersicht " },
      { text: "Women", lang: "en" },
      { text: " herunterladen (PDF, 61 kB) {other}" },
    ]);
    expect(partsText(fillParts("({product})", { product: [{ text: "Men Hoodie" }] }, "en"))).toBe("(Men Hoodie)");
  });
});
