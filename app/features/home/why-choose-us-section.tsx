import { useEffect, useRef, useState } from "react";
import { PlayPauseButton } from "~/components/play-pause-button/play-pause-button";
import { useLabels } from "~/content/labels";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { useNearViewport } from "./use-near-viewport";

/**
 * Video banner. The video downloads only once the section nears the viewport (preload="none"
 * until then), plays muted in a loop, never under reduced motion, and has a pause button.
 */
export function WhyChooseUsSection() {
  const labels = useLabels();
  const { whyChooseUs } = useHomeSections();
  const lang = langAttribute(whyChooseUs.lang);
  const section = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(section);
  const reducedMotion = useReducedMotion();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const playing = userPaused === null ? !reducedMotion : !userPaused;

  useEffect(() => {
    const element = video.current;
    if (!element || !near) return;
    if (playing) element.play()?.catch(() => {});
    else element.pause();
  }, [near, playing]);

  return (
    <section ref={section} aria-labelledby="why-choose-us-heading" className="relative isolate overflow-hidden bg-brand-900 px-4 py-24 text-white">
      <video
        ref={video}
        className="absolute inset-0 -z-20 h-full w-full object-cover"
        width={640}
        height={360}
        poster={whyChooseUs.video.poster}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
      >
        <source src={whyChooseUs.video.webm} type="video/webm" />
        <source src={whyChooseUs.video.mp4} type="video/mp4" />
        {labels.videoFallback}
      </video>
      <div className="absolute inset-0 -z-10 bg-brand-900/60" />
      <div className="mx-auto max-w-3xl text-center" lang={lang}>
        <h2 id="why-choose-us-heading" className="text-3xl font-extrabold md:text-4xl">
          {whyChooseUs.heading}
        </h2>
        <p className="mt-4 text-lg">{whyChooseUs.intro}</p>
      </div>
      <PlayPauseButton
        playing={playing}
        onToggle={() => setUserPaused(playing)}
        pauseLabel={whyChooseUs.pausePlay.pause}
        playLabel={whyChooseUs.pausePlay.play}
        lang={lang}
      />
    </section>
  );
}
