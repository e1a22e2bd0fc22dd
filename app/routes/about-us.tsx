import { Suspense } from "react";
import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { companyPagesIn } from "~/content/company-pages";
import { AboutCompany } from "~/features/company/about-company";
import { AboutTeamCarousel as AboutTeamCarouselStatic } from "~/features/team/about-team-carousel";
import { type MetaArgs, pageMeta } from "~/lib/seo";
import { lazyNearViewport } from "~/lib/when-near-viewport";

// The team carousel closes the page: prerendered in full, its code (and hydration) comes when it
// nears the viewport, as on the home page (routes/home.tsx).
const teamSectionId = "about-team";
const AboutTeamCarousel = import.meta.env.SSR
  ? AboutTeamCarouselStatic
  : lazyNearViewport(teamSectionId, () => import("~/features/team/about-team-carousel").then((m) => m.AboutTeamCarousel));

export const meta = (args: MetaArgs) => pageMeta("aboutUs", args);

// Every block says its language (decision 0170): the banner its page words', the page's words and
// each team member their own, the lists Company facts fills in marked with the default language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's language's words travel as its loader data (decision 0170).
export function loader({ params }: { params: { lang?: string } }) {
  return { about: companyPagesIn(params.lang).about };
}

export default function AboutUsPage() {
  const { about } = useLoaderData<typeof loader>();
  return (
    <PageShell page="aboutUs">
      <AboutCompany about={about} />
      <Suspense>
        <AboutTeamCarousel id={teamSectionId} heading={about.teamHeading} headingLang={about.lang ?? undefined} team={about.team} />
      </Suspense>
    </PageShell>
  );
}
