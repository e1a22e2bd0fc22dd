import { useLoaderData } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobWordsIn } from "~/content/job-words";
import { jobsIn } from "~/content/localized-jobs";
import { usePages } from "~/content/pages";
import { JobDetails } from "~/features/jobs/job-details";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job";

// /career/{slug}: one open job (prerendered per opening and language; any other slug is the Oops
// page). Build time only: the job in the page's language (decision 0168) and the job pages' words
// with its worded facts in that language (decision 0167) travel as the loader's data, so a page
// carries its own language's words. app/routes.ts leaves the route out when no job is open (a
// loader needs a prerendered page).
export function loader({ params }: Route.LoaderArgs) {
  return { job: jobsIn(params.lang).find((job) => job.slug === params.slug) ?? null, words: jobWordsIn(params.lang) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const job = loaderData?.job;
  if (!job) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  // The search description in the page's language (decision 0167).
  const description = loaderData.words.facts[job.slug]?.summary ?? job.summary;
  return pageMeta({ title: job.title, description, path: job.path }, { location, matches });
}

export default function CareerJobPage() {
  const { job, words } = useLoaderData<typeof loader>();
  const career = usePages().career;
  if (!job) return <OopsPage />;
  return (
    <>
      <PageBanner
        title={job.title}
        titleLang={job.lang}
        trail={[{ name: career.breadcrumb, path: career.path, lang: career.lang }]}
        image={career.bannerImage}
      />
      <JobDetails job={job} words={words} />
    </>
  );
}
