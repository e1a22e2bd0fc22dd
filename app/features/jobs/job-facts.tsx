import type { ReactNode } from "react";
import type { FactLabels } from "~/content/reader/jobs";

export type JobFactsProps = {
  labels: FactLabels;
  department: string;
  location: string;
  employmentType: string;
  validThrough: { day: string; text: string };
  salary?: string;
  /** The language of the labels and of the worded facts (employment type, date, salary) where it is not the page's (decision 0167). */
  lang?: string;
  /** The `lang` of the job's own words (department, location) where they are not in the page's language (decision 0168). */
  wordsLang?: string | null;
  className?: string;
};

/** Department, location, employment type, last day to apply (and salary): on /career and the job page. */
export function JobFacts({ labels, department, location, employmentType, validThrough, salary, lang, wordsLang, className = "" }: JobFactsProps) {
  // The department and the place are the job's content (its translation's, decision 0168); the other facts are worded by the page's words.
  const facts: [string, ReactNode, string | undefined][] = [
    [labels.department, department, wordsLang ?? undefined],
    [labels.location, location, wordsLang ?? undefined],
    [labels.employmentType, employmentType, lang],
    [labels.validThrough, <time dateTime={validThrough.day}>{validThrough.text}</time>, lang],
  ];
  if (salary && labels.salary) facts.push([labels.salary, salary, lang]);
  return (
    <dl className={`grid gap-x-6 gap-y-1 text-ink-800 sm:grid-cols-[auto_1fr] ${className}`}>
      {facts.map(([label, value, valueLang]) => (
        <div key={label} className="contents">
          <dt lang={lang} className="font-semibold text-ink-900">
            {label}
          </dt>
          <dd lang={valueLang}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
