import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { useFallbackLang } from "~/content/messages";

/**
 * A route's `handle` saying that every block of its page carries its own `lang` where it is not in
 * the page's language (decision 0168): its `<main>` then needs no fallback `lang`.
 */
export type OwnLanguageHandle = { blocksSayTheirLanguage: true };

/**
 * The page's own content, the skip link's target. On another language's page it is the default
 * language's content until the content is translated (decision 0160): `lang` says so, and a screen
 * reader reads it with that language's voice instead of the page's. The translated words inside it
 * (the Get In Touch form's labels and button, the Oops page) carry the page's language again
 * (`useTranslatedLang`). A page whose every block says its own language (`OwnLanguageHandle`: the
 * translated entry's blocks the page's, the untranslated ones the default's) has no `lang` on it.
 */
export function SiteMain({ children }: { children: ReactNode }) {
  const fallbackLang = useFallbackLang();
  const own = useMatches().some((match) => (match.handle as Partial<OwnLanguageHandle> | undefined)?.blocksSayTheirLanguage);
  return (
    <main id="main-content" tabIndex={-1} className="outline-none" lang={own ? undefined : fallbackLang}>
      {children}
    </main>
  );
}
