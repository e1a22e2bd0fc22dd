import { Link, useLoaderData } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobWordsIn } from "~/content/job-words";
import { jobSummariesIn } from "~/content/localized-jobs";
import { usePages } from "~/content/pages";
import { CareerForm } from "~/features/forms";
import { useLocalizedPath } from "~/lib/locale";
import { pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/career-job-apply";

// /career/{slug}/apply: the career form with the job's title in Position (a page of its own, so it
// works without JavaScript and the job page stays light). Not indexed: the job page is the one to find.
// Build time only: the job in the page's language (decision 0168) and the apply page's words in that
// language (decision 0167) travel as the loader's data.
export function loader({ params }: Route.LoaderArgs) {
  const { apply, applyHeading, applyIntro, backToJob, applyDescription, lang } = jobWordsIn(params.lang);
  return {
    job: jobSummariesIn(params.lang).find((job) => job.slug === params.slug) ?? null,
    words: { apply, applyHeading, applyIntro, backToJob, applyDescription, lang },
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const job = loaderData?.job;
  if (!job) return pageMeta({ ...pagesIn(matches).notFound, noindex: true }, { location, matches });
  const { words } = loaderData;
  const title = words.applyHeading.replaceAll("{title}", job.title);
  return pageMeta({ title, description: words.applyDescription.replaceAll("{title}", job.title), path: job.applyPath, noindex: true }, { location, matches });
}

export default function CareerJobApplyPage() {
  const { job, words } = useLoaderData<typeof loader>();
  const career = usePages().career;
  const localize = useLocalizedPath();
  if (!job) return <OopsPage />;
  const lang = words.lang ?? undefined;
  return (
    <>
      <PageBanner
        title={words.applyHeading.replaceAll("{title}", job.title)}
        titleLang={words.lang}
        breadcrumb={words.apply}
        trail={[
          { name: career.breadcrumb, path: career.path, lang: career.lang },
          { name: job.title, path: job.path, lang: job.lang },
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
