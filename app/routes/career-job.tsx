import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobWordsIn, useJobWords } from "~/content/job-words";
import { jobs } from "~/content/jobs";
import { usePages } from "~/content/pages";
import { JobDetails } from "~/features/jobs/job-details";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job";

// /career/{slug}: one open job (prerendered per opening; any other slug is the Oops page).
const jobOf = (slug: string) => jobs.find((job) => job.slug === slug);

export function meta({ params, location, matches }: Route.MetaArgs) {
  const job = jobOf(params.slug);
  if (!job) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  // The search description in the page's language (decision 0167).
  const description = jobWordsIn(matches)?.facts[job.slug]?.summary ?? job.summary;
  return pageMeta({ title: job.title, description, path: job.path }, { location, matches });
}

export default function CareerJobPage({ params }: Route.ComponentProps) {
  const career = usePages().career;
  const words = useJobWords();
  const job = jobOf(params.slug);
  if (!job || !words) return <OopsPage />;
  return (
    <>
      <PageBanner title={job.title} trail={[{ name: career.breadcrumb, path: career.path }]} image={career.bannerImage} />
      <JobDetails job={job} words={words} />
    </>
  );
}
