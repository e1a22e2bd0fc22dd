import { Suspense } from "react";
import { PageShell } from "~/components/page-banner/page-shell";
import { about } from "~/content/about";
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

export default function AboutUsPage() {
  return (
    <PageShell page="aboutUs">
      <AboutCompany />
      <Suspense>
        <AboutTeamCarousel id={teamSectionId} heading={about.teamHeading} />
      </Suspense>
    </PageShell>
  );
}
