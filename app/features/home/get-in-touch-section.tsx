import { lazy, Suspense, useRef, type ReactNode } from "react";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { useNearViewport } from "./use-near-viewport";

const ParticlesBackground = lazy(() => import("./particles-background"));

export type GetInTouchSectionProps = {
  /** The section's content: the contact form (or, until it exists, how to reach us). */
  children: ReactNode;
};

/**
 * 'Get In Touch' over a blue background; white particles are added once the section nears the
 * viewport, and never under prefers-reduced-motion (the plain blue stays).
 */
export function GetInTouchSection({ children }: GetInTouchSectionProps) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, "600px");
  const reducedMotion = useReducedMotion();
  const { getInTouch } = useHomeSections();
  const lang = langAttribute(getInTouch.lang);

  return (
    <section ref={section} aria-labelledby="get-in-touch-heading" className="relative isolate overflow-hidden bg-brand-800 px-4 py-20 text-white">
      {near && !reducedMotion && (
        <Suspense fallback={null}>
          <ParticlesBackground />
        </Suspense>
      )}
      <div className="mx-auto max-w-3xl">
        <h2 id="get-in-touch-heading" lang={lang} className="text-center text-3xl font-extrabold md:text-4xl">
          {getInTouch.heading}
        </h2>
        <p className="mt-3 text-center text-lg" lang={lang}>
          {getInTouch.intro}
        </p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
