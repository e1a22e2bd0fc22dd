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
