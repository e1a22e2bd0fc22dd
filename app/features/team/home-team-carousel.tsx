import { Carousel } from "~/components/carousel/carousel";
import { home } from "~/content/home";
import { team } from "~/content/team";
import { carousel, timing } from "~/lib/constants";
import { TeamCard } from "./team-card";

// SPEC §9 names no threshold for the home team carousel; it drags like the certificate carousel.
const dragThresholdPx = carousel.certificateDragThresholdPx;

/** Home page team carousel: advances every 3 s, pauses from the press of a drag to its release. */
export function HomeTeamCarousel() {
  return (
    <section className="bg-white px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="team-heading" className="text-3xl font-extrabold text-brand-800">
          {home.team.heading}
        </h2>
        <p className="mt-2 text-ink-700">{home.team.intro}</p>
        <Carousel
          className="mt-8"
          label={home.team.heading}
          items={team}
          getKey={(m) => m.name}
          perView={{ base: 1, md: 2, lg: 3 }}
          autoplayMs={timing.homeTeamCarouselIntervalMs}
          transitionMs={timing.slideTransitionMs}
          dragThresholdPx={dragThresholdPx}
          renderSlide={(member) => <TeamCard member={member} />}
        />
      </div>
    </section>
  );
}
