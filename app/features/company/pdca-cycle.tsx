import type { Compliance } from "~/content/compliance";

export type PdcaCycleProps = { cycle: Compliance["cycle"] };

const colours = ["#0f4187", "#1a4f9c", "#8a5a00", "#3f4754"] as const;
// The same colours as theme classes: the CSP forbids inline style attributes.
const colourClasses = ["bg-brand-700", "bg-brand-600", "bg-accent-700", "bg-ink-700"] as const;

/**
 * The Plan, Do, Check, Act cycle: an ordered list (what screen readers and search engines read)
 * beside a decorative SVG wheel. The figure's caption names it. The steps' names are content in the
 * page's language (decision 0176).
 */
export function PdcaCycle({ cycle }: PdcaCycleProps) {
  return (
    <figure aria-labelledby="pdca-caption" className="mt-8 grid items-center gap-8 md:grid-cols-[minmax(0,18rem)_1fr]">
      <svg viewBox="0 0 200 200" aria-hidden="true" className="mx-auto w-full max-w-72 md:row-span-2">
        {cycle.steps.map((step, i) => {
          // Quarter arcs clockwise from the top: Plan top-right, Do bottom-right, Check bottom-left, Act top-left.
          const a0 = (i * Math.PI) / 2 - Math.PI / 2 + 0.06;
          const a1 = ((i + 1) * Math.PI) / 2 - Math.PI / 2 - 0.06;
          const p = (r: number, a: number) => `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`;
          const mid = (a0 + a1) / 2;
          return (
            <g key={step.key}>
              <path d={`M${p(96, a0)} A96 96 0 0 1 ${p(96, a1)} L${p(48, a1)} A48 48 0 0 0 ${p(48, a0)} Z`} fill={colours[i]} />
              {/* A longer name (another language's, decision 0176) in smaller type: about 56 px across its quarter. */}
              <text
                x={p(72, mid).split(" ")[0]}
                y={p(72, mid).split(" ")[1]}
                dy="5"
                textAnchor="middle"
                fill="#fff"
                fontSize={Math.min(15, Math.floor(90 / step.name.length))}
                fontWeight="700"
              >
                {step.name}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="40" fill="#ffd166" />
        <path d="M100 76a24 24 0 1 1-22 14" fill="none" stroke="#082a5c" strokeWidth="5" strokeLinecap="round" />
        <path d="m70 84 8 8 6-10z" fill="#082a5c" />
      </svg>
      <div>
        <ol className="grid gap-4 sm:grid-cols-2">
          {cycle.steps.map((step, i) => (
            <li key={step.key} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <p className="flex items-center gap-3 text-lg font-bold text-brand-900">
                <span aria-hidden="true" className={`grid size-8 place-items-center rounded-full text-sm text-white ${colourClasses[i]}`}>
                  {i + 1}
                </span>
                <span>{step.name}</span>
              </p>
              <p className="mt-2 text-ink-700">{step.summary}</p>
            </li>
          ))}
        </ol>
      </div>
      {/* A figure's caption is its first or last child (HTML); beside the wheel, under the list. */}
      <figcaption id="pdca-caption" className="-mt-4 text-sm text-ink-700 md:col-start-2">
        {cycle.caption}
      </figcaption>
    </figure>
  );
}
