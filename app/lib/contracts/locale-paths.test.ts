import { describe, expect, it } from "vitest";
import { alternatesOf, defaultLocale, localeOfPath, localizedHref, localizedPath, localizedPaths, pathWithoutLocale } from "./locale-paths";

const locales = [{ code: "en" }, { code: "de" }, { code: "fr" }, { code: "es" }];

describe("the language of a path", () => {
  it("is the prefix's when it names a language, else the default (the first listed)", () => {
    expect(defaultLocale(locales).code).toBe("en");
    expect(localeOfPath("/de/faq", locales).code).toBe("de");
    expect(localeOfPath("/fr", locales).code).toBe("fr");
    expect(localeOfPath("/es/gallery/men/tshirt", locales).code).toBe("es");
    expect(localeOfPath("/faq", locales).code).toBe("en");
    expect(localeOfPath("/", locales).code).toBe("en");
    // A page whose first segment merely starts like a code is not in that language.
    expect(localeOfPath("/design", locales).code).toBe("en");
    // The default has no prefix: /en/faq is not an English address.
    expect(localeOfPath("/en/faq", locales).code).toBe("en");
    expect(pathWithoutLocale("/en/faq", locales)).toBe("/en/faq");
  });

  it("comes off the path, leaving the default language's address", () => {
    expect(pathWithoutLocale("/de/faq", locales)).toBe("/faq");
    expect(pathWithoutLocale("/de/", locales)).toBe("/");
    expect(pathWithoutLocale("/de", locales)).toBe("/");
    expect(pathWithoutLocale("/contact", locales)).toBe("/contact");
  });

  it("fails on an empty list: the site needs a default language", () => {
    expect(() => defaultLocale([])).toThrow(/lists no language/);
  });
});

describe("a page's address in each language", () => {
  it("keeps the default unprefixed and puts the others under /<code>/ with the same path", () => {
    expect(localizedPath("/faq", "en", locales)).toBe("/faq");
    expect(localizedPath("/faq", "de", locales)).toBe("/de/faq");
    expect(localizedPath("/", "fr", locales)).toBe("/fr");
    expect(localizedPath("/gallery/nontextile/straw&plasticbasket", "es", locales)).toBe("/es/gallery/nontextile/straw&plasticbasket");
    expect(() => localizedPath("/faq", "it", locales)).toThrow(/No language "it"/);
  });

  it("lists every language's copy of every path, the default's first", () => {
    expect(localizedPaths(["/", "/faq"], locales.slice(0, 2))).toEqual(["/", "/faq", "/de", "/de/faq"]);
  });

  it("gives the same page in every language from any of its addresses", () => {
    const fromGerman = alternatesOf("/de/contact", locales).map(({ locale, path }) => [locale.code, path]);
    expect(fromGerman).toEqual([
      ["en", "/contact"],
      ["de", "/de/contact"],
      ["fr", "/fr/contact"],
      ["es", "/es/contact"],
    ]);
    expect(alternatesOf("/", locales).map((a) => a.path)).toEqual(["/", "/de", "/fr", "/es"]);
  });
});

describe("a link in a language (decision 0167)", () => {
  it("leads to a page of the site in that language, its fragment and query kept", () => {
    const links: [href: string, code: string, shown: string][] = [
      ["/contact", "de", "/de/contact"],
      ["/", "fr", "/fr"],
      ["/our-company/compliance#certificate-gots", "es", "/es/our-company/compliance#certificate-gots"],
      ["/quote?item=men/tshirt", "de", "/de/quote?item=men/tshirt"],
      ["/contact", "en", "/contact"],
    ];
    for (const [href, code, shown] of links) expect(localizedHref(href, code, locales), `${href} in ${code}`).toBe(shown);
  });

  it("leaves alone what is no page of the site, and an address already in a language", () => {
    for (const href of [
      "https://example.com/contact",
      "//cdn.example.com/x",
      "mailto:info@example.com",
      "tel:+880123",
      "#top",
      "/media/certificates/gots/gots.pdf",
      "/line-sheets/men.pdf",
      "/data.json",
      "/de/faq",
    ])
      expect(localizedHref(href, "fr", locales), href).toBe(href);
  });
});
