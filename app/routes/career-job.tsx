import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobs } from "~/content/jobs";
import { pages } from "~/content/pages";
import { JobDetails } from "~/features/jobs/job-details";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/career-job";

// /career/{slug}: one open job (prerendered per opening; any other slug is the Oops page).
const jobOf = (slug: string) => jobs.find((job) => job.slug === slug);

export function meta({ params, location }: Route.MetaArgs) {
  const job = jobOf(params.slug);
  if (!job) return pageMeta({ ...pages.notFound, noindex: true }, location);
  return pageMeta({ title: job.title, description: job.summary, path: job.path }, location);
}

export default function CareerJobPage({ params }: Route.ComponentProps) {
  const job = jobOf(params.slug);
  if (!job) return <OopsPage />;
  return (
    <>
      <PageBanner title={job.title} trail={[{ name: pages.career.breadcrumb, path: pages.career.path }]} image={pages.career.bannerImage} />
      <JobDetails job={job} />
    </>
  );
}
