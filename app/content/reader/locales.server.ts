import type { Locale } from "../../lib/contracts/locale-paths";
import type { ReadingContext } from "./context.server";

/** content/locales.yaml: the site's languages, the default first (decision 0160), each code once. */
export function readLocales(c: ReadingContext): { locales: Locale[] } {
  const entry = c.entryOf("locales");
  const locales = (entry?.locales ?? []).map(({ code, name, dir, ogLocale }) => ({ code, name, dir, ogLocale }));
  const seen = new Set<string>();
  for (const { code } of locales) {
    c.rule(c.fileOf("locales"), !seen.has(code), `locales: "${code}" is listed twice`);
    seen.add(code);
  }
  return { locales };
}
