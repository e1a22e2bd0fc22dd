import { useHydrated } from "~/lib/use-hydrated";

export type PlayPauseButtonProps = {
  /** Whether the thing it controls is moving now: the button then offers to pause it. */
  playing: boolean;
  onToggle: () => void;
  pauseLabel: string;
  playLabel: string;
  /** The labels' language where it is not the surrounding one's (decision 0169). */
  lang?: string;
};

// A round white button in the bottom-right corner of the banner.
const className =
  "absolute bottom-4 right-4 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-brand-900 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-300";

/**
 * The pause/play control of a video banner that moves by itself (WCAG 2.2.2). It appears once it
 * works (after hydration); it sits over the banner, so its arrival shifts nothing.
 */
export function PlayPauseButton({ playing, onToggle, pauseLabel, playLabel, lang }: PlayPauseButtonProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" onClick={onToggle} className={className}>
      <span className="sr-only" lang={lang}>
        {playing ? pauseLabel : playLabel}
      </span>
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        {playing ? <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" /> : <path d="M8 5l11 7-11 7z" fill="currentColor" />}
      </svg>
    </button>
  );
}
