import { useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { useGrowOnView } from "./use-grow-on-view";

/**
 * Horizontal bar chart of the business by category. Each label and percentage is real text, so a
 * screen reader reads the list; the bars are decoration (scaled, so growing shifts no layout).
 */
export function CategoryShareChart() {
  const hydrated = useHydrated();
  const chart = useRef<HTMLUListElement>(null);
  const grow = useGrowOnView(chart);
  const {
    categoryShares: words,
    lists: { categoryShares },
  } = useHomeSections();
  const lang = langAttribute(words.lang);
  const largest = Math.max(...categoryShares.map((s) => s.percentage));

  return (
    <section aria-labelledby="category-shares-heading" className="bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-4xl">
        <h2 id="category-shares-heading" lang={lang} className="text-3xl font-extrabold text-brand-800">
          {words.heading}
        </h2>
        <p className="mt-2 text-ink-700" lang={lang}>
          {words.intro}
        </p>
        <ul ref={chart} className="mt-8 space-y-4" aria-label={words.chartLabel}>
          {categoryShares.map((share) => (
            <li key={share.label} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-3 md:grid-cols-[10rem_1fr_3rem]">
              <span lang={langAttribute(share.lang)} className="font-medium text-ink-800">
                {share.label}
              </span>
              <span aria-hidden="true" className="h-4 overflow-hidden rounded-full bg-white">
                <span
                  className={`block h-full origin-left rounded-full ${grow === "growing" ? "transition-transform duration-1000 ease-out" : ""}`}
                  // Set once hydrated: the CSP forbids style attributes in the prerendered HTML.
                  style={
                    hydrated
                      ? {
                          width: `${(share.percentage / largest) * 100}%`,
                          backgroundColor: share.color,
                          transform: grow === "waiting" ? "scaleX(0)" : "scaleX(1)",
                        }
                      : undefined
                  }
                />
              </span>
              <span className="text-right font-bold tabular-nums text-ink-900">{share.percentage}%</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
