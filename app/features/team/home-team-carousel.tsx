import { CarouselSection } from "~/components/carousel/carousel-section";
import { carousel, timing } from "~/lib/contracts/constants";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { TeamCard } from "./team-card";

// The business constants name no threshold for the home team carousel; it drags like the certificate carousel.
const dragThresholdPx = carousel.certificateDragThresholdPx;

/** Home page team carousel: advances every 3 s, pauses from the press of a drag to its release. */
export function HomeTeamCarousel() {
  const {
    team: words,
    lists: { team },
  } = useHomeSections();
  return (
    <CarouselSection
      headingId="team-heading"
      heading={words.heading}
      intro={words.intro}
      lang={langAttribute(words.lang)}
      items={team}
      getKey={(m) => m.name}
      perView={{ base: 1, md: 2, lg: 3 }}
      autoplayMs={timing.homeTeamCarouselIntervalMs}
      transitionMs={timing.slideTransitionMs}
      dragThresholdPx={dragThresholdPx}
      renderSlide={(member) => <TeamCard member={member} />}
    />
  );
}
