import { OffscreenSection } from "~/components/offscreen-section/offscreen-section";
import { ContactForm } from "~/features/forms";
import { HomeTeamCarousel } from "~/features/team/home-team-carousel";
import { BannerSection } from "~/features/home/banner-section";
import { CategoryShareChart } from "~/features/home/category-share-chart";
import { CertificateCarousel } from "~/features/home/certificate-carousel";
import { ConceptSection } from "~/features/home/concept-section";
import { GetInTouchInterim } from "~/features/home/get-in-touch-interim";
import { GetInTouchSection } from "~/features/home/get-in-touch-section";
import { StrengthsSection } from "~/features/home/strengths-section";
import { ValueCarousel } from "~/features/home/value-carousel";
import { WhyChooseUsSection } from "~/features/home/why-choose-us-section";

export type HomeBelowTheFoldProps = {
  /** The wrapper's id, which the home route watches to know when to load this code. */
  id: string;
};

/**
 * Home sections 3 to 11 (home, team and forms features), below the first screen: each is laid out, painted and hydrated only as
 * needed (OffscreenSection). The home route loads this module as a chunk of its own.
 */
export function HomeBelowTheFold({ id }: HomeBelowTheFoldProps) {
  return (
    <div id={id}>
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
    </div>
  );
}
