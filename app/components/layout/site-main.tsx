import type { ReactNode } from "react";
import { useFallbackLang } from "~/content/messages";

/**
 * The page's own content, the skip link's target. On another language's page it is the default
 * language's content until the content is translated (decision 0160): `lang` says so, and a screen
 * reader reads it with that language's voice instead of the page's. The translated words inside it
 * (the Get In Touch form's labels and button, the Oops page) carry the page's language again
 * (`useTranslatedLang`).
 */
export function SiteMain({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" tabIndex={-1} className="outline-none" lang={useFallbackLang()}>
      {children}
    </main>
  );
}
