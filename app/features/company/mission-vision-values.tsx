import type { Mission } from "~/content/mission";
import { CheckList, ContentSection } from "./content-section";

/** /our-company/mission: mission, 2030 vision and values, in the language `mission.lang` says (decision 0169). */
export function MissionVisionValues({ mission }: { mission: Mission }) {
  return (
    <div lang={mission.lang ?? undefined}>
      <ContentSection id="mission-statement" heading={mission.mission.heading} intro={mission.mission.statement}>
        <CheckList items={mission.mission.points} className="md:grid-cols-2" />
      </ContentSection>
      <ContentSection id="mission-vision" heading={mission.vision.heading} intro={mission.vision.statement} tone="tinted">
        <CheckList items={mission.vision.targets} className="md:grid-cols-2" />
      </ContentSection>
      <ContentSection id="mission-values" heading={mission.values.heading}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {mission.values.items.map((v) => (
            <li key={v.name} className="rounded-lg border-t-4 border-accent-500 bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <h3 className="text-lg font-bold text-brand-900">{v.name}</h3>
              <p className="mt-2 text-ink-700">{v.description}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
    </div>
  );
}
