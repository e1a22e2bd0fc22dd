import type { OrgUnit } from "~/content/organization";

export type OrgChartProps = { title: string; root: OrgUnit };

/**
 * The organogram as nested lists: the nesting is the reporting line, so screen readers announce
 * levels ("list, 6 items, level 3"). CSS draws the connectors; on phones the chart becomes an
 * indented tree, so it never needs sideways scrolling.
 */
export function OrgChart({ title, root }: OrgChartProps) {
  return (
    <figure aria-labelledby="org-chart-title" className="mt-8">
      <figcaption id="org-chart-title" className="sr-only">
        {title}
      </figcaption>
      <ul aria-label={title} className="grid justify-items-center">
        <OrgNode unit={root} depth={0} />
      </ul>
    </figure>
  );
}

const box = ["bg-brand-900 text-white", "bg-brand-700 text-white", "bg-white text-ink-900 ring-1 ring-brand-100", "bg-brand-50 text-ink-900"];
const childLayout = [
  // Level 1: side by side on large screens; a unit with its own teams takes the most room.
  "flex w-full flex-col gap-6 lg:flex-row lg:items-start",
  // Level 2: the departments in a grid that wraps with the screen.
  "grid w-full gap-4 sm:grid-cols-2 lg:grid-cols-3",
  // Level 3 and below: stacked under their department.
  "mt-3 grid gap-2 border-l-2 border-brand-100 pl-4",
];

function OrgNode({ unit, depth }: { unit: OrgUnit; depth: number }) {
  const children = unit.children ?? [];
  const nested = depth >= 2;
  return (
    <li className={nested ? "w-full" : `flex w-full flex-col items-center ${depth === 1 ? (children.length ? "lg:flex-[3]" : "lg:flex-1") : ""}`}>
      <div className={`rounded-lg px-4 py-3 shadow-sm ${box[Math.min(depth, box.length - 1)]} ${nested ? "w-full" : "w-full max-w-sm text-center"}`}>
        <p className="font-bold">{unit.title}</p>
        {unit.detail ? <p className={`mt-1 text-sm ${depth < 2 ? "text-brand-50" : "text-ink-700"}`}>{unit.detail}</p> : null}
      </div>
      {children.length ? (
        <>
          {nested ? null : <span aria-hidden="true" className="block h-6 w-0.5 bg-brand-100" />}
          <ul className={`${childLayout[Math.min(depth, childLayout.length - 1)]} ${nested ? "" : "border-t-2 border-brand-100 pt-6"}`}>
            {children.map((c) => (
              <OrgNode key={c.id} unit={c} depth={depth + 1} />
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}
