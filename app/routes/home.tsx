import { OffscreenSection } from "~/components/offscreen-section/offscreen-section";
import { BannerSection } from "~/features/home/banner-section";
import { CategoryShareChart } from "~/features/home/category-share-chart";
import { CertificateCarousel } from "~/features/home/certificate-carousel";
import { ConceptSection } from "~/features/home/concept-section";
import { ContactForm } from "~/features/forms";
import { GetInTouchInterim } from "~/features/home/get-in-touch-interim";
import { GetInTouchSection } from "~/features/home/get-in-touch-section";
import { HeroSection } from "~/features/home/hero-section";
import { StrengthsSection } from "~/features/home/strengths-section";
import { TrustedPartnerSection } from "~/features/home/trusted-partner-section";
import { ValueCarousel } from "~/features/home/value-carousel";
import { WhyChooseUsSection } from "~/features/home/why-choose-us-section";
import { HomeTeamCarousel } from "~/features/team/home-team-carousel";
import { home } from "~/content/home";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.home);

// The hero poster is the largest thing on the first screen: fetch it before the CSS and scripts.
export const links = () => [{ rel: "preload", as: "image", href: home.hero.video.poster, type: "image/webp", fetchPriority: "high" }];

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <TrustedPartnerSection />
      {/* Below the first screen: laid out, painted and hydrated only as needed. */}
      <OffscreenSection size="md">
        <CategoryShareChart />
      </OffscreenSection>
      <OffscreenSection size="md">
        <CertificateCarousel />
      </OffscreenSection>
      <OffscreenSection size="sm">
        <WhyChooseUsSection />
      </OffscreenSection>
      <OffscreenSection size="lg">
        <StrengthsSection />
      </OffscreenSection>
      <OffscreenSection size="md">
        <ValueCarousel />
      </OffscreenSection>
      <OffscreenSection size="sm">
        <BannerSection />
      </OffscreenSection>
      <OffscreenSection size="lg">
        <ConceptSection />
      </OffscreenSection>
      <OffscreenSection size="md">
        <HomeTeamCarousel />
      </OffscreenSection>
      <OffscreenSection size="lg">
        <GetInTouchSection>
          <ContactForm headingLevel={3} />
          <GetInTouchInterim />
        </GetInTouchSection>
      </OffscreenSection>
    </>
  );
}
