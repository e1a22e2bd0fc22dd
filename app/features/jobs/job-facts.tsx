import type { ReactNode } from "react";
import type { FactLabels } from "~/content/reader/jobs";

export type JobFactsProps = {
  labels: FactLabels;
  department: string;
  location: string;
  employmentType: string;
  validThrough: { day: string; text: string };
  salary?: string;
  /** The `lang` of the job's own words (department, location) where they are not in the page's language (decision 0168). */
  wordsLang?: string | null;
  className?: string;
};

/** Department, location, employment type, last day to apply (and salary): on /career and the job page. */
export function JobFacts({ labels, department, location, employmentType, validThrough, salary, wordsLang, className = "" }: JobFactsProps) {
  const lang = wordsLang ?? undefined;
  const facts: [string, ReactNode][] = [
    [labels.department, <span lang={lang}>{department}</span>],
    [labels.location, <span lang={lang}>{location}</span>],
    [labels.employmentType, employmentType],
    [labels.validThrough, <time dateTime={validThrough.day}>{validThrough.text}</time>],
  ];
  if (salary && labels.salary) facts.push([labels.salary, salary]);
  return (
    <dl className={`grid gap-x-6 gap-y-1 text-ink-800 sm:grid-cols-[auto_1fr] ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-ink-900">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
