import { Suspense } from "react";
import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { HomeBelowTheFold as HomeBelowTheFoldStatic } from "./home-below-the-fold";
import { HeroSection } from "~/features/home/hero-section";
import { TrustedPartnerSection } from "~/features/home/trusted-partner-section";
import { homeHeroPoster } from "~/content/home";
import { homeSectionsIn } from "~/content/home-sections";
import { HomeSectionsProvider } from "~/content/home-sections-context";
import { type MetaArgs, pageMeta } from "~/lib/seo";
import { lazyNearViewport } from "~/lib/when-near-viewport";

// The prerendered HTML has every section in full (the static import). In the browser the code of
// the sections below the first screen is a chunk of its own, fetched when they come within a
// screen of the viewport; until then React keeps their prerendered HTML as it is (the Suspense
// boundary), so a visitor who reads only the first screen never pays for hydrating the rest.
// `import.meta.env.SSR` is a build-time constant, so the browser bundle drops the static import.
const belowTheFoldId = "below-the-fold";
const HomeBelowTheFold = import.meta.env.SSR
  ? HomeBelowTheFoldStatic
  : lazyNearViewport(belowTheFoldId, () => import("./home-below-the-fold").then((m) => m.HomeBelowTheFold));

export const meta = (args: MetaArgs) => pageMeta("home", args);

// Every block says its language (decisions 0169, 0170): each section and each list entry its own,
// so <main> is not marked with the default language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// The hero poster is the largest thing on the first screen: fetch it before the CSS and scripts.
export const links = () => [{ rel: "preload", as: "image", href: homeHeroPoster, type: "image/webp", fetchPriority: "high" }];

// Build time only (the page is prerendered): the page's language's sections travel as its loader
// data (decision 0169), so a page carries its own language's words and none in its JavaScript. The
// home pages are routes by their code (/de), not by the optional segment: the code is the path's.
export function loader({ request }: { request: Request }) {
  return { sections: homeSectionsIn(new URL(request.url).pathname.split("/")[1] || undefined) };
}

export default function HomePage() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <HomeSectionsProvider value={sections}>
      <HeroSection />
      <TrustedPartnerSection />
      <Suspense>
        <HomeBelowTheFold id={belowTheFoldId} />
      </Suspense>
    </HomeSectionsProvider>
  );
}
