import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useAutoAdvance } from "~/components/carousel/use-auto-advance";
import { useDocumentVisible } from "~/components/carousel/use-document-visible";
import { PlayPauseButton } from "~/components/play-pause-button/play-pause-button";
import { useLabels } from "~/content/labels";
import { usePages, useSiteWords } from "~/content/pages";
import { timing } from "~/lib/contracts/constants";
import { prefersReducedMotion, useReducedMotion } from "~/lib/use-reduced-motion";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { useReplayCounter } from "./use-replay-counter";
import { useLocalizedPath } from "~/lib/locale";

/**
 * First screen: the muted hero video (replayed and counted, see useReplayCounter), the page's h1
 * and the partner certificate badge that changes every 2 s. One button pauses both motions.
 *
 * The video starts from the effect below, once the page has hydrated, not from an `autoplay`
 * attribute: before that there is no pause button and no reduced-motion check, and its 19 kB would
 * share a slow line with the scripts. Until then, and without JavaScript, the poster stands still.
 */
export function HeroSection() {
  // Links in the page's language (decision 0167).
  const localize = useLocalizedPath();
  const labels = useLabels();
  const pages = usePages();
  const siteWords = useSiteWords();
  const { hero } = useHomeSections();
  const lang = langAttribute(hero.lang);
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();
  const documentVisible = useDocumentVisible();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const playing = userPaused === null ? !reducedMotion : !userPaused;
  const [certificate, setCertificate] = useState(0);
  const { showNote, onEnded } = useReplayCounter();

  useAutoAdvance(playing && documentVisible, timing.heroCertificateIntervalMs, () => setCertificate((i) => (i + 1) % hero.certificates.length), certificate);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // At hydration `playing` still holds the prerender's guess (no reduced motion): ask the browser.
    const play = userPaused === null ? !prefersReducedMotion() : !userPaused;
    if (play) element.play()?.catch(() => {});
    // pause() on a video that never loaded would start loading it.
    else if (!element.paused) element.pause();
  }, [playing, userPaused]);

  const current = hero.certificates[certificate]!; // always in range: the index wraps modulo the length

  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-brand-900 text-white">
      <video
        ref={video}
        className="absolute inset-0 -z-20 h-full w-full object-cover"
        width={640}
        height={360}
        poster={hero.video.poster}
        muted
        playsInline
        preload="none"
        aria-hidden="true"
        onEnded={onEnded}
      >
        <source src={hero.video.webm} type="video/webm" />
        <source src={hero.video.mp4} type="video/mp4" />
        {labels.videoFallback}
      </video>
      <div className="absolute inset-0 -z-10 bg-brand-900/55" />

      <div className="mx-auto grid min-h-[36rem] max-w-7xl items-center gap-10 px-4 pb-16 pt-32 md:grid-cols-[1fr_auto]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-300" lang={langAttribute(siteWords.lang)}>
            {siteWords.tagline}
          </p>
          <h1 id="hero-heading" lang={langAttribute(pages.home.lang)} className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
            {pages.home.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-white" lang={lang}>
            {hero.lead}
          </p>
          <div className="mt-8 flex flex-wrap gap-3" lang={lang}>
            <Link
              to={localize(hero.cta.to)}
              className="inline-block rounded-full bg-accent-500 px-6 py-3 font-semibold text-ink-900 hover:bg-accent-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {hero.cta.label}
            </Link>
            <Link
              to={localize(hero.secondaryCta.to)}
              className="inline-block rounded-full px-6 py-3 font-semibold text-white ring-2 ring-white ring-inset hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {hero.secondaryCta.label}
            </Link>
          </div>
          <div role="status" className="mt-6 min-h-12 max-w-xl" lang={lang}>
            {showNote && <p className="rounded-lg bg-white/95 px-4 py-3 font-medium text-brand-900">{hero.playNote}</p>}
          </div>
        </div>

        <figure className="flex w-48 flex-col items-center justify-self-center rounded-2xl bg-white/10 p-5 text-center backdrop-blur">
          <img src={current.image} alt="" width={120} height={120} className="h-30 w-30" />
          <figcaption className="mt-3 text-sm">
            <span className="block text-white" lang={lang}>
              {hero.certificatesLabel}
            </span>
            <span className="mt-1 block min-h-10 font-bold">{current.name}</span>
          </figcaption>
        </figure>
      </div>

      <PlayPauseButton
        playing={playing}
        onToggle={() => setUserPaused(playing)}
        pauseLabel={hero.pausePlay.pause}
        playLabel={hero.pausePlay.play}
        lang={lang}
      />
    </section>
  );
}
