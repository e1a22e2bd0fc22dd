import { useCatalogueWords } from "~/content/catalogue-words";
import { useLabels } from "~/content/labels";
import { useTranslatedLang } from "~/content/messages";

export const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export const linkClass =
  "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 rounded";

export type VerifyLinkProps = {
  name: string;
  number: string;
  verify: { url: string; opensCertificate: boolean } | null;
};

/**
 * "Verify": the standard's own check of this certificate, in a new tab (rel="noopener noreferrer":
 * the other site gets neither this window nor the page it came from). Where the check is a search,
 * the number to enter is said beside it. Nothing where the standard has no public check.
 */
export function VerifyLink({ name, number, verify }: VerifyLinkProps) {
  const { opensInNewTab } = useLabels();
  // The words in the page's language, or English marked as such (decision 0167); "opens in a new tab" is the page's.
  const { words, lang } = useCatalogueWords();
  const translatedLang = useTranslatedLang();
  if (!verify) return null;
  const certificateLabels = words.certificates;
  return (
    <span lang={lang} className="inline-flex flex-wrap items-baseline gap-x-2">
      <a href={verify.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {certificateLabels.verify}
        <span className="sr-only">
          {` ${fill(certificateLabels.verifyLabel, { name, number })} `}
          <span lang={translatedLang}>{opensInNewTab}</span>
        </span>
        <NewTabIcon />
      </a>
      {!verify.opensCertificate && <span className="text-sm text-ink-700">{fill(certificateLabels.verifySearchHint, { number })}</span>}
    </span>
  );
}

/** The mark of a link that opens a new tab (its words say so to a screen reader). */
export function NewTabIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="ml-1 inline size-3.5 fill-current align-baseline">
      <path d="M11 3h6v6h-2V6.4l-6.3 6.3-1.4-1.4L13.6 5H11V3zM4 5h5v2H5v8h8v-4h2v6H3V5h1z" />
    </svg>
  );
}
