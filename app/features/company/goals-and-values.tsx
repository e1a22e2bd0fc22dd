import type { CompanyPages } from "~/content/company-pages";
import { ContentSection } from "./content-section";

const icons: Record<CompanyPages["goals"]["values"]["cards"][number]["key"], string> = {
  // Simple line icons, decorative: the card's heading carries the meaning.
  teamWork: "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 20c0-3.3 2.7-6 6-6s6 2.7 6 6m-1.5-5.2A6 6 0 0 1 22 20",
  success: "M8 21h8m-4-4v4M6 4h12v4a6 6 0 0 1-12 0V4ZM6 6H3v1a3 3 0 0 0 3 3m12-4h3v1a3 3 0 0 1-3 3",
  creative: "M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z",
  expressGoalsPositively: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-4a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-4a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
};

/**
 * /our-company/goal: objectives and the four value cards, in the language `goals.lang` says
 * (decision 0170), the cards' names too (content since decision 0176: the specification's English
 * names in English).
 */
export function GoalsAndValues({ goals }: { goals: CompanyPages["goals"] }) {
  return (
    <div lang={goals.lang ?? undefined}>
      <ContentSection id="goal-objectives" heading={goals.objectives.heading} intro={goals.intro}>
        <ol className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {goals.objectives.items.map((o, i) => (
            <li key={o.title} className="flex gap-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <span aria-hidden="true" className="text-3xl font-extrabold text-accent-700">
                {String(i + 1).padStart(2, "0")}
              </span>
              <div>
                <h3 className="text-lg font-bold text-brand-900">{o.title}</h3>
                <p className="mt-1 text-ink-700">{o.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </ContentSection>
      <ContentSection id="goal-values" heading={goals.values.heading} tone="tinted">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {goals.values.cards.map((card) => (
            <li key={card.key} className="rounded-xl bg-brand-800 p-6 text-white shadow">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 fill-none stroke-accent-300 stroke-[1.6]">
                <path d={icons[card.key]} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 className="mt-4 text-xl font-bold">{card.name}</h3>
              <p className="mt-2 text-brand-50">{card.description}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
    </div>
  );
}
