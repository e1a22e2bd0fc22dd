import { longDay, wholeNumber } from "../../lib/contracts/locale-format";
import { openJobs } from "../../lib/contracts/open-jobs";
import { jobApplyPath, jobPath } from "../../lib/contracts/site-paths";
import type { RichText } from "../rich-text";
import type { EmploymentType, SalaryUnit } from "../studio/jobs";

// Build-time shaping of the job openings (content/jobs/<slug>.mdoc, content/jobs.yaml): the
// checks the studio's fields cannot make, the open/expired filter on the build's date, and the
// words shown (employment type, dates, salary) resolved here so no formatting code ships.

/** What Keystatic's reader gives for one job file (Markdoc description already turned into a tree). */
export type JobFile = {
  slug: string;
  file: string;
  title: string;
  department: string;
  location: { city: string; country: string; countryCode: string };
  employmentType: EmploymentType;
  datePosted: string | null;
  validThrough: string | null;
  salary: { discriminant: false } | { discriminant: true; value: { min: number | null; max: number | null; currency: string; unit: SalaryUnit } };
  description: RichText;
};

export type JobTexts = {
  employmentTypes: Record<EmploymentType, string>;
  salaryUnits: Record<SalaryUnit, string>;
  jobDescription: string;
};

export type Salary = { min: number; max: number; currency: string; unit: SalaryUnit; text: string };

export type Job = {
  slug: string;
  path: string;
  applyPath: string;
  title: string;
  department: string;
  location: { city: string; country: string; countryCode: string; text: string };
  employmentType: EmploymentType;
  employmentTypeText: string;
  datePosted: string;
  validThrough: string;
  validThroughText: string;
  salary?: Salary;
  /** The search description of the job's page (content/jobs.yaml jobDescription, filled in). */
  summary: string;
  description: RichText;
};

/** Addresses under /career/ that are pages already (the career form's result pages). */
export const reservedJobSlugs = ["sent", "not-sent"] as const;

/** A job's apply page: a form, kept out of the index and sitemap.xml (the job page is the one to find). */

/**
 * The facts of an opening as a page in one language shows them (decision 0167): its employment type
 * and salary period in that language's words, the last day to apply and the amounts in its formats
 * (`code`: the language's code; the default's: 6 December 2026, 12,000), the search description filled in.
 */
export function jobFactTexts(
  job: Pick<Job, "title" | "department" | "employmentType" | "validThrough"> & { location: { city: string }; salary?: Pick<Salary, "min" | "max" | "currency" | "unit"> },
  texts: JobTexts,
  code?: string,
) {
  const amount = (n: number) => wholeNumber(n, code);
  const salary = job.salary && {
    text: `${job.salary.currency} ${job.salary.min === job.salary.max ? amount(job.salary.min) : `${amount(job.salary.min)}–${amount(job.salary.max)}`} ${texts.salaryUnits[job.salary.unit]}`,
  };
  return {
    employmentType: texts.employmentTypes[job.employmentType],
    validThrough: longDay(job.validThrough, code),
    ...(salary ? { salary: salary.text } : {}),
    summary: texts.jobDescription.replaceAll("{title}", job.title).replaceAll("{department}", job.department).replaceAll("{city}", job.location.city),
  };
}

/**
 * Every job file checked (problems as `file: field: message`) and the open ones shaped for the
 * pages, newest first. `today` (YYYY-MM-DD) decides which are open.
 */
export function shapeJobs(files: readonly JobFile[], texts: JobTexts, today: string, problem: (message: string) => void): Job[] {
  const jobs: Job[] = [];
  for (const f of files) {
    let ok = true;
    const bad = (field: string, message: string) => {
      ok = false;
      problem(`${f.file}: ${field}: ${message}`);
    };
    if (!f.datePosted) bad("datePosted", "Date posted is required");
    if (!f.validThrough) bad("validThrough", "Valid through is required");
    if (f.datePosted && f.validThrough && f.validThrough < f.datePosted)
      bad("validThrough", `Valid through (${f.validThrough}) must not be before Date posted (${f.datePosted})`);
    if ((reservedJobSlugs as readonly string[]).includes(f.slug)) bad("title", `the page address /career/${f.slug} is taken by the career form; choose another file name`);
    let salary: Salary | undefined;
    if (f.salary.discriminant) {
      const { min, max, currency, unit } = f.salary.value;
      if (min === null) bad("salary.min", "From is required");
      if (max === null) bad("salary.max", "To is required");
      if (min !== null && max !== null && max < min) bad("salary.max", `To (${max}) must not be less than From (${min})`);
      if (min !== null && max !== null) salary = { min, max, currency, unit, text: "" };
    }
    const facts = jobFactTexts({ ...f, validThrough: f.validThrough ?? "1970-01-01", salary }, texts);
    if (salary) salary.text = facts.salary!;
    const { summary } = facts;
    if (summary.length < 50 || summary.length > 170)
      bad("jobDescription (content/jobs.yaml)", `the search description of this job is ${summary.length} characters once filled in; it must be 50 to 170`);
    if (!ok || !f.datePosted || !f.validThrough) continue;
    jobs.push({
      slug: f.slug,
      path: jobPath(f.slug),
      applyPath: jobApplyPath(f.slug),
      title: f.title,
      department: f.department,
      location: { ...f.location, text: `${f.location.city}, ${f.location.country}` },
      employmentType: f.employmentType,
      employmentTypeText: facts.employmentType,
      datePosted: f.datePosted,
      validThrough: f.validThrough,
      validThroughText: facts.validThrough,
      ...(salary ? { salary } : {}),
      summary,
      description: f.description,
    });
  }
  return openJobs(jobs, today).sort((a, b) => b.datePosted.localeCompare(a.datePosted) || a.slug.localeCompare(b.slug));
}

/** What /career lists of each opening (the job pages carry the rest). */
export const jobSummary = ({ slug, path, applyPath, title, department, location, employmentTypeText, validThrough, validThroughText }: Job) => ({
  slug,
  path,
  applyPath,
  title,
  department,
  location: location.text,
  employmentTypeText,
  validThrough,
  validThroughText,
});
export type JobSummary = ReturnType<typeof jobSummary>;

/** The labels of a job's facts (department, location, …) as the pages show them. */
export const factLabels = (texts: { departmentLabel: string; locationLabel: string; employmentTypeLabel: string; validThroughLabel: string; salaryLabel?: string }) => ({
  department: texts.departmentLabel,
  location: texts.locationLabel,
  employmentType: texts.employmentTypeLabel,
  validThrough: texts.validThroughLabel,
  ...(texts.salaryLabel ? { salary: texts.salaryLabel } : {}),
});
export type FactLabels = ReturnType<typeof factLabels>;
