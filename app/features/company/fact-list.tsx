export type FactListProps = { facts: readonly { label: string; value: string }[] };

/** Key figures as a description list: label above, value large. */
export function FactList({ facts }: FactListProps) {
  return (
    <dl className="mt-6 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {facts.map((f) => (
        <div key={f.label} className="rounded-lg border border-brand-100 bg-white p-5">
          <dt className="text-sm font-medium text-ink-700">{f.label}</dt>
          <dd className="mt-1 text-xl font-bold text-brand-800">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
