import { useLoaderData } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobsIn } from "~/content/localized-jobs";
import { usePages } from "~/content/pages";
import { JobDetails } from "~/features/jobs/job-details";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job";

// /career/{slug}: one open job (prerendered per opening and language; any other slug is the Oops
// page). Build time only: the job in the page's language travels as the loader's data (decision
// 0168), so a page carries its own language's words. app/routes.ts leaves the route out when no job
// is open (a loader needs a prerendered page).
export function loader({ params }: Route.LoaderArgs) {
  return { job: jobsIn(params.lang).find((job) => job.slug === params.slug) ?? null };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const job = loaderData?.job;
  if (!job) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  return pageMeta({ title: job.title, description: job.summary, path: job.path }, { location, matches });
}

export default function CareerJobPage() {
  const { job } = useLoaderData<typeof loader>();
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
      <JobDetails job={job} />
    </>
  );
}
