import { Link } from "react-router";
import { VerifyLink, linkClass } from "~/components/certificates/certificate-links";
import { useCatalogueWords } from "~/content/catalogue-words";
import type { ProductDetails } from "./gallery-data";
import { useLocalizedPath } from "~/lib/locale";

export type ProductSpecsProps = { details: ProductDetails };

/**
 * A product's specification (decision 0077): its short description, a definition list of only what is
 * filled (minimum order and lead time always, the company's by default) and the certificates that
 * apply, each with the standard's own check. Prerendered: all of it reads without JavaScript.
 */
export function ProductSpecs({ details }: ProductSpecsProps) {
  // Links in the page's language (decision 0167).
  const localize = useLocalizedPath();
  // Its headings in the page's language, or English marked as such (decision 0167).
  const { words, lang } = useCatalogueWords();
  const productLabels = words.specs;
  return (
    <section aria-labelledby="product-specs-heading" className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <h2 id="product-specs-heading" lang={lang} className="text-2xl font-bold text-brand-800">
          {productLabels.heading}
        </h2>
        {details.description && (
          <p lang={details.lang} className="mt-3 max-w-prose text-lg text-ink-800">
            {details.description}
          </p>
        )}
        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          {details.facts.map((fact) => (
            <div key={fact.key} className="contents">
              <dt lang={lang} className="font-semibold text-ink-900">
                {fact.label}
              </dt>
              <dd lang={fact.lang} className="text-ink-800 max-sm:mb-2">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {details.certificates.length > 0 && (
        <section aria-labelledby="product-certificates-heading" className="h-fit rounded-lg bg-brand-50 p-5">
          <h3 id="product-certificates-heading" lang={lang} className="text-lg font-bold text-brand-800">
            {productLabels.certificates}
          </h3>
          <ul className="mt-3 grid gap-4">
            {details.certificates.map((c) => (
              <li key={c.slug} lang={c.lang}>
                <Link to={localize(c.path)} className={linkClass}>
                  {c.name}
                </Link>
                <p className="text-sm text-ink-700">
                  {c.number} · {c.issuedBy}
                </p>
                <VerifyLink name={c.name} number={c.number} verify={c.verify} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
