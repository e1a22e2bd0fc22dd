import { useRouteLoaderData } from "react-router";
import type { ContentModules } from "./reader/site-content.server";

// The job pages' words in the shown page's language (decision 0167): content/jobs.yaml in English, a
// translation's content/jobs/<code>.yaml over it (or the English words, marked with their `lang`),
// and each open job's facts (employment type, last day to apply, salary, search description) in that
// language's words and formats. Every language's are `virtual:content/jobWords`, imported by the
// root route's build-time loader only, which gives a career page (/career, /career/…) its own
// language's as data: never another language's, none as JavaScript, none on other pages.
export type JobWords = ContentModules["jobWords"][string];

/** The job pages' words of the shown career page, from the root's data (none on another page). */
export function useJobWords(): JobWords | undefined {
  return (useRouteLoaderData("root") as { jobs?: JobWords } | undefined)?.jobs;
}

/** The job pages' words of a career page, from the root's data in a route's `meta` (decision 0167). */
export function jobWordsIn(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): JobWords | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as { jobs?: JobWords } | undefined)?.jobs;
}
