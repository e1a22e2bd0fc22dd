import { OffscreenSection } from "~/components/offscreen-section/offscreen-section";
import { ContactForm } from "~/features/forms";
import { HomeTeamCarousel } from "~/features/team/home-team-carousel";
import { BannerSection } from "./banner-section";
import { CategoryShareChart } from "./category-share-chart";
import { CertificateCarousel } from "./certificate-carousel";
import { ConceptSection } from "./concept-section";
import { GetInTouchInterim } from "./get-in-touch-interim";
import { GetInTouchSection } from "./get-in-touch-section";
import { StrengthsSection } from "./strengths-section";
import { ValueCarousel } from "./value-carousel";
import { WhyChooseUsSection } from "./why-choose-us-section";

export type HomeBelowTheFoldProps = {
  /** The wrapper's id, which the home route watches to know when to load this code. */
  id: string;
};

/**
 * Home sections 3 to 11, below the first screen: each is laid out, painted and hydrated only as
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
