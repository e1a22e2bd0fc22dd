import { Link } from "react-router";
import { useFallbackLang, useMessages, useTranslatedLang } from "~/content/messages";
import { useLocale } from "~/lib/locale";

export type OopsPageProps = { details?: string };

/** Shown for unknown routes (404.html) and by the root error boundary. */
export function OopsPage({ details }: OopsPageProps) {
  // In the page's language (de/404.html is German, decision 0160), its home page the way back.
  const words = useMessages().oops;
  const { localize } = useLocale();
  const contentLang = useFallbackLang();
  return (
    <section lang={useTranslatedLang()} className="mx-auto flex max-w-2xl flex-col items-center px-4 pb-24 pt-36 text-center">
      <h1 className="text-5xl font-extrabold text-brand-800">{words.heading}</h1>
      <p className="mt-4 text-lg text-ink-800">{words.message}</p>
      {/* The details are content (the gallery's words): not translated yet. */}
      {details ? (
        <p lang={contentLang} className="mt-2 text-sm text-ink-700">
          {details}
        </p>
      ) : null}
      <Link
        to={localize("/")}
        className="mt-8 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      >
        {words.goHome}
      </Link>
    </section>
  );
}
