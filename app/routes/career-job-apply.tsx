import { Link } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobList } from "~/content/job-list";
import { jobWordsIn, useJobWords } from "~/content/job-words";
import { usePages } from "~/content/pages";
import { CareerForm } from "~/features/forms";
import { useLocalizedPath } from "~/lib/locale";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job-apply";

// /career/{slug}/apply: the career form with the job's title in Position (a page of its own, so it
// works without JavaScript and the job page stays light). Not indexed: the job page is the one to find.
const jobOf = (slug: string) => jobList.jobs.find((job) => job.slug === slug);

export function meta({ params, location, matches }: Route.MetaArgs) {
  const job = jobOf(params.slug);
  // The apply page's words in the page's language, from the root's data (decision 0167).
  const words = jobWordsIn(matches);
  if (!job || !words) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  const title = words.applyHeading.replaceAll("{title}", job.title);
  return pageMeta({ title, description: words.applyDescription.replaceAll("{title}", job.title), path: job.applyPath, noindex: true }, { location, matches });
}

export default function CareerJobApplyPage({ params }: Route.ComponentProps) {
  const career = usePages().career;
  const words = useJobWords();
  const localize = useLocalizedPath();
  const job = jobOf(params.slug);
  if (!job || !words) return <OopsPage />;
  const lang = words.lang ?? undefined;
  return (
    <>
      <PageBanner
        title={words.applyHeading.replaceAll("{title}", job.title)}
        breadcrumb={words.apply}
        trail={[
          { name: career.breadcrumb, path: career.path },
          { name: job.title, path: job.path },
        ]}
        image={career.bannerImage}
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p lang={lang} className="text-lg text-ink-700">
          {words.applyIntro}
        </p>
        <p className="mt-2">
          <Link
            to={localize(job.path)}
            lang={lang}
            className="font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-500"
          >
            {words.backToJob.replaceAll("{title}", job.title)}
          </Link>
        </p>
        <div className="mt-6">
          <CareerForm headingLevel={2} position={job.title} />
        </div>
      </div>
    </>
  );
}
