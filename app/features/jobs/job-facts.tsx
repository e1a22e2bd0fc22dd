import type { ReactNode } from "react";
import { jobsPage } from "~/content/jobs-page";

export type JobFactsProps = {
  department: string;
  location: string;
  employmentType: string;
  validThrough: { day: string; text: string };
  salary?: string;
  className?: string;
};

/** Department, location, employment type, last day to apply (and salary): on /career and the job page. */
export function JobFacts({ department, location, employmentType, validThrough, salary, className = "" }: JobFactsProps) {
  const facts: [string, ReactNode][] = [
    [jobsPage.departmentLabel, department],
    [jobsPage.locationLabel, location],
    [jobsPage.employmentTypeLabel, employmentType],
    [jobsPage.validThroughLabel, <time dateTime={validThrough.day}>{validThrough.text}</time>],
    ...(salary ? ([[jobsPage.salaryLabel, salary]] as [string, string][]) : []),
  ];
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
