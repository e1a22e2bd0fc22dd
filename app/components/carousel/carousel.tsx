import { useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import { dragStep, isInView, lastStart, nextIndex, previousIndex } from "./carousel-logic";
import { useAutoAdvance } from "./use-auto-advance";
import { useDocumentVisible } from "./use-document-visible";
import { usePerView, type PerView } from "./use-per-view";
import { useMessages, useTranslatedLang } from "~/content/messages";

/** How far a press may wander and still be a click (a link in a slide), not the start of a drag. */
const clickSlopPx = 4;

export type CarouselProps<T> = {
  /** Accessible name of the carousel region. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => string;
  renderSlide: (item: T, index: number) => ReactNode;
  /** Slides side by side; defaults to one. */
  perView?: PerView;
  /** Slide transition, from app/lib/contracts/constants. */
  transitionMs: number;
  /** Advance by itself every N ms (adds the pause/play button); omit for a manual carousel. */
  autoplayMs?: number;
  /** Also pause while the mouse is over the carousel (keyboard focus always pauses). */
  pauseOnHover?: boolean;
  /** Let a mouse or touch drag longer than this many pixels move one step; omit to disable dragging. */
  dragThresholdPx?: number;
  /** Make the region focusable so the left/right arrow keys move it. */
  arrowKeys?: boolean;
  /** Limits the visible strip, e.g. to one 400 px card. */
  viewportStyle?: CSSProperties;
  className?: string;
};

// Static class names so Tailwind generates them: the CSS decides slide widths (no layout shift
// at hydration), the hook below only mirrors the count for index arithmetic.
const baseClass: Record<number, string> = { 1: "[--per-view:1]", 2: "[--per-view:2]", 3: "[--per-view:3]", 4: "[--per-view:4]" };
const mdClass: Record<number, string> = {
  1: "md:[--per-view:1]",
  2: "md:[--per-view:2]",
  3: "md:[--per-view:3]",
  4: "md:[--per-view:4]",
  6: "md:[--per-view:6]",
};
const lgClass: Record<number, string> = {
  1: "lg:[--per-view:1]",
  2: "lg:[--per-view:2]",
  3: "lg:[--per-view:3]",
  4: "lg:[--per-view:4]",
  6: "lg:[--per-view:6]",
};

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true; // engines without :focus-visible: treat every focus as keyboard focus
  }
}

const buttonClass =
  "inline-flex h-10 w-10 items-center justify-center rounded-full border border-brand-800 bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

/**
 * The one carousel of the site (certificates, values, home team, About team), after the WAI-ARIA
 * carousel pattern: a labelled region, slides labelled "N of M", previous/next buttons that wrap,
 * and, when it advances by itself, a pause/play button. Auto-advance stops under
 * prefers-reduced-motion, while the tab is hidden, on keyboard focus, on hover (optional) and while
 * dragging. Without JavaScript every slide is in the HTML.
 */
export function Carousel<T>({
  label,
  items,
  getKey,
  renderSlide,
  perView = { base: 1 },
  transitionMs,
  autoplayMs,
  pauseOnHover = false,
  dragThresholdPx,
  arrowKeys = false,
  viewportStyle,
  className = "",
}: CarouselProps<T>) {
  // The page's language's words (decision 0160); the buttons carry its lang inside untranslated content.
  const carouselLabels = useMessages().carousel;
  const lang = useTranslatedLang();
  const count = items.length;
  const visible = usePerView(perView);
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const documentVisible = useDocumentVisible();

  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [dragOffset, setDragOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const dragStart = useRef(0);
  /** Whether the pointer moved since the press: a drag, not a click on a link in a slide. */
  const dragMoved = useRef(false);

  const start = Math.min(index, lastStart(count, visible));
  const next = () => setIndex((i) => nextIndex(i, count, visible));
  const previous = () => setIndex((i) => previousIndex(i, count, visible));

  const autoplay = autoplayMs !== undefined;
  // Reduced motion means "paused until the visitor presses play".
  const playing = autoplay && (userPaused === null ? !reducedMotion : !userPaused);
  const running = playing && documentVisible && !dragging && !keyboardFocus && !(pauseOnHover && hovered);
  useAutoAdvance(running, autoplayMs ?? 0, next, start);

  const endDrag = (deltaX: number | null) => {
    if (!dragging) return;
    setDragging(false);
    setDragOffset(0);
    const step = deltaX === null || dragThresholdPx === undefined ? 0 : dragStep(deltaX, dragThresholdPx);
    if (step === 1) next();
    else if (step === -1) previous();
  };

  const dragHandlers =
    dragThresholdPx === undefined
      ? {}
      : {
          onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
            if (e.pointerType === "mouse" && e.button !== 0) return;
            dragStart.current = e.clientX;
            dragMoved.current = false;
            setDragging(true); // pauses auto-advance from the moment of the press
          },
          onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
            if (!dragging) return;
            const deltaX = e.clientX - dragStart.current;
            // The pointer is captured once it moves, not at the press: a press captured at once
            // would send its click to the strip instead of the link in a slide (a card linking to
            // its certificate record).
            if (!dragMoved.current && Math.abs(deltaX) > clickSlopPx) {
              dragMoved.current = true;
              e.currentTarget.setPointerCapture?.(e.pointerId);
            }
            setDragOffset(deltaX);
          },
          onPointerUp: (e: PointerEvent<HTMLDivElement>) => endDrag(e.clientX - dragStart.current),
          onPointerCancel: () => endDrag(null),
          // A drag that ends over a link does not follow it.
          onClickCapture: (e: MouseEvent<HTMLDivElement>) => {
            // A keyboard's Enter on a link (detail 0) is never a drag.
            if (!dragMoved.current || e.detail === 0) return;
            dragMoved.current = false;
            e.preventDefault();
            e.stopPropagation();
          },
        };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!arrowKeys) return;
    if (e.key === "ArrowRight") next();
    else if (e.key === "ArrowLeft") previous();
    else return;
    e.preventDefault();
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => setKeyboardFocus(isKeyboardFocus(e.target));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  const perViewClass = [baseClass[perView.base], perView.md && mdClass[perView.md], perView.lg && lgClass[perView.lg]].filter(Boolean).join(" ");

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the region only hears keys, focus and hover bubbling from its own controls; every action is also a real button
    <section
      aria-roledescription="carousel"
      aria-label={label}
      // The region is focusable only when it takes the arrow keys (the About page's team carousel).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus is how arrow keys reach a carousel region (WAI-ARIA carousel pattern)
      tabIndex={arrowKeys ? 0 : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
      className={`rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-accent-500 ${className}`}
    >
      <div
        className={`mx-auto overflow-hidden ${perViewClass} ${dragThresholdPx === undefined ? "" : "cursor-grab touch-pan-y select-none active:cursor-grabbing"}`}
        style={hydrated ? viewportStyle : undefined}
        {...dragHandlers}
      >
        <div
          aria-live={running ? "off" : "polite"}
          className="flex transition-transform ease-in-out"
          // Inline styles only after hydration: the CSP forbids style attributes in the HTML, and
          // the prerendered first slide needs no transform.
          style={
            hydrated
              ? {
                  transform: `translate3d(calc(${-start} * 100% / var(--per-view) + ${dragOffset}px), 0, 0)`,
                  // While dragging the strip follows the pointer with no lag.
                  transitionDuration: dragging ? "0ms" : `${transitionMs}ms`,
                }
              : undefined
          }
        >
          {items.map((item, i) => (
            <div
              key={getKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={carouselLabels.slide.replace("{n}", String(i + 1)).replace("{count}", String(count))}
              // Off-view slides leave the tab order and the reading flow once the script runs.
              inert={hydrated && !isInView(i, start, visible) ? true : undefined}
              className="shrink-0 grow-0 basis-[calc(100%/var(--per-view))] px-2"
            >
              {renderSlide(item, i)}
            </div>
          ))}
        </div>
      </div>

      {/* The controls exist only once they work (after hydration); their row keeps its height
          from the first paint, so nothing shifts when they appear. */}
      <div className="mt-6 flex h-10 items-center justify-center gap-3">
        {hydrated && (
          <>
            <StepButton label={carouselLabels.previous} lang={lang} arrow="M15 5l-7 7 7 7" onClick={previous} />
            {autoplay && (
              // Not PlayPauseButton: a shared chunk for it would push the About page over its JS budget.
              <button type="button" lang={lang} className={buttonClass} onClick={() => setUserPaused(playing)}>
                <span className="sr-only">{playing ? carouselLabels.pause : carouselLabels.play}</span>
                <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                  {playing ? (
                    <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
                  ) : (
                    <path d="M8 5l11 7-11 7z" fill="currentColor" />
                  )}
                </svg>
              </button>
            )}
            <StepButton label={carouselLabels.next} lang={lang} arrow="M9 5l7 7-7 7" onClick={next} />
          </>
        )}
      </div>
    </section>
  );
}

/** The previous or next button: an arrow (an SVG path) with its label for screen readers. */
function StepButton({ label, lang, arrow, onClick }: { label: string; lang: string | undefined; arrow: string; onClick: () => void }) {
  return (
    <button type="button" lang={lang} className={buttonClass} onClick={onClick}>
      <span className="sr-only">{label}</span>
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path d={arrow} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
