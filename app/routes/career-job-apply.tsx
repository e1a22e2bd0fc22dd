import { Link, useLoaderData } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobsPage } from "~/content/jobs-page";
import { jobSummariesIn } from "~/content/localized-jobs";
import { usePages } from "~/content/pages";
import { CareerForm } from "~/features/forms";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job-apply";

// /career/{slug}/apply: the career form with the job's title in Position (a page of its own, so it
// works without JavaScript and the job page stays light). Not indexed: the job page is the one to find.
// Build time only: the job in the page's language travels as the loader's data (decision 0168).
export function loader({ params }: Route.LoaderArgs) {
  return { job: jobSummariesIn(params.lang).find((job) => job.slug === params.slug) ?? null };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const job = loaderData?.job;
  if (!job) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  const title = jobsPage.applyHeading.replaceAll("{title}", job.title);
  return pageMeta(
    { title, description: jobsPage.applyDescription.replaceAll("{title}", job.title), path: job.applyPath, noindex: true },
    { location, matches },
  );
}

export default function CareerJobApplyPage() {
  const { job } = useLoaderData<typeof loader>();
  const career = usePages().career;
  if (!job) return <OopsPage />;
  return (
    <>
      <PageBanner
        title={jobsPage.applyHeading.replaceAll("{title}", job.title)}
        breadcrumb={jobsPage.apply}
        trail={[
          { name: career.breadcrumb, path: career.path, lang: career.lang },
          { name: job.title, path: job.path, lang: job.lang },
        ]}
        image={career.bannerImage}
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-lg text-ink-700">{jobsPage.applyIntro}</p>
        <p className="mt-2">
          <Link to={job.path} className="font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-500">
            {jobsPage.backToJob.replaceAll("{title}", job.title)}
          </Link>
        </p>
        <div className="mt-6">
          <CareerForm headingLevel={2} position={job.title} />
        </div>
      </div>
    </>
  );
}
