import { Suspense } from "react";
import { HomeBelowTheFold as HomeBelowTheFoldStatic } from "./home-below-the-fold";
import { HeroSection } from "~/features/home/hero-section";
import { TrustedPartnerSection } from "~/features/home/trusted-partner-section";
import { home } from "~/content/home";
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

// The hero poster is the largest thing on the first screen: fetch it before the CSS and scripts.
export const links = () => [{ rel: "preload", as: "image", href: home.hero.video.poster, type: "image/webp", fetchPriority: "high" }];

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <TrustedPartnerSection />
      <Suspense>
        <HomeBelowTheFold id={belowTheFoldId} />
      </Suspense>
    </>
  );
}
