import { describe, expect, it } from "vitest";
import { fillText, resolvePlaceholders } from "./placeholders";

const values = {
  site: { foundedYear: 2020, name: "SSL", countries: ["India", "Pakistan", "China"], one: ["BCI"] },
  business: { leadTimeDays: { local: [30, 90] } },
};
const fill = (text: string) => {
  const problems: string[] = [];
  return { text: fillText(text, values, (m) => problems.push(m)), problems };
};

describe("placeholders", () => {
  it("fills facts, lists and ranges", () => {
    expect(fill("Since {site.foundedYear}, {site.name}.").text).toBe("Since 2020, SSL.");
    expect(fill("In {site.countries}.").text).toBe("In India, Pakistan and China.");
    expect(fill("In {site.countries|comma}.").text).toBe("In India, Pakistan, China.");
    expect(fill("{site.countries|count} countries").text).toBe("3 countries");
    expect(fill("{site.one} cotton").text).toBe("BCI cotton");
    expect(fill("{business.leadTimeDays.local} days").text).toBe("30-90 days");
  });

  it("fills a translation's facts the way its language writes them: its \"and\", its decimal sign, a year as it is (decision 0176)", () => {
    const german = { site: { foundedYear: 2020, countries: ["Indien", "Pakistan", "China"], moq: 1200 }, business: { aql: [1.5, 2.5] } };
    const fillIn = (text: string, code: string) => fillText(text, german, () => {}, code);
    expect(fillIn("In {site.countries}.", "de")).toBe("In Indien, Pakistan und China.");
    expect(fillIn("{site.countries|comma}", "de")).toBe("Indien, Pakistan, China");
    expect(fillIn("En {site.countries}.", "es")).toBe("En Indien, Pakistan y China.");
    expect(fillIn("AQL {business.aql}", "de")).toBe("AQL 1,5-2,5");
    expect(fillIn("Seit {site.foundedYear}, {site.moq} Stück", "de")).toBe("Seit 2020, 1.200 Stück");
    // The default language's texts as before.
    expect(fillText("AQL {business.aql}, {site.moq}", german, () => {})).toBe("AQL 1.5-2.5, 1200");
  });

  it("leaves other braces alone and names an unknown placeholder", () => {
    expect(fill("a {b} and {not a placeholder}").problems).toEqual([]);
    const { text, problems } = fill("Call {site.phone} now");
    expect(text).toBe("Call {site.phone} now");
    expect(problems).toEqual(["unknown placeholder {site.phone} (see content/README.md for the names)"]);
    expect(fill("{site.name|count}").problems).toHaveLength(1);
  });

  it("walks objects and arrays and reports the field path", () => {
    const problems: string[] = [];
    const out = resolvePlaceholders({ facts: [{ value: "{site.foundedYear}" }, { value: "{site.nope}" }], n: 3 }, values, (path, m) => problems.push(`${path}: ${m}`));
    expect(out).toEqual({ facts: [{ value: "2020" }, { value: "{site.nope}" }], n: 3 });
    expect(problems).toEqual(["facts.1.value: unknown placeholder {site.nope} (see content/README.md for the names)"]);
  });
});
