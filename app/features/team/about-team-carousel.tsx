import { Carousel } from "~/components/carousel/carousel";
import type { TeamMember } from "~/content/team";
import { carousel, timing } from "~/lib/contracts/constants";
import { TeamCard } from "./team-card";

export type AboutTeamCarouselProps = {
  /** The section's id: the About page loads this component's code when it nears the viewport. */
  id: string;
  /** "Team Members" (content/company/about.mdoc, fixed by the specification). */
  heading: string;
  /** The heading's language where it is not the surrounding one's (decision 0170); the members say their own. */
  headingLang?: string;
  /** The members in the page's language, each with its `lang` (decision 0170: the route's loader data). */
  team: ReadonlyArray<TeamMember & { lang: string | null }>;
};

/**
 * About page team carousel: one 400 px card at a time; a drag of more than 100 px
 * right shows the previous member, left the next, wrapping at both ends; 700 ms transition;
 * buttons and the arrow keys too. It never moves by itself.
 */
export function AboutTeamCarousel({ id, heading, headingLang, team }: AboutTeamCarouselProps) {
  return (
    <section id={id} className="bg-brand-50 px-4 py-16">
      <h2 id="about-team-heading" lang={headingLang} className="text-center text-3xl font-extrabold text-brand-800">
        {heading}
      </h2>
      <Carousel
        className="mx-auto mt-8 max-w-xl"
        label={heading}
        items={team}
        getKey={(m) => m.name}
        viewportStyle={{ maxWidth: carousel.aboutTeamCardWidthPx }}
        transitionMs={timing.aboutTeamTransitionMs}
        dragThresholdPx={carousel.aboutTeamDragThresholdPx}
        arrowKeys
        renderSlide={(member) => <TeamCard member={member} />}
      />
    </section>
  );
}
