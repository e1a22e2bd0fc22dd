import { useScrolledPast } from "~/lib/use-scrolled-past";
import { prefersReducedMotion } from "~/lib/use-reduced-motion";
import { useLabels } from "~/content/labels";

/** Round button that returns to the top: smooth, or instant under prefers-reduced-motion. */
export function ScrollToTop() {
  const visible = useScrolledPast(300);
  const labels = useLabels();
  return (
    <button
      type="button"
      hidden={!visible}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "instant" : "smooth" });
        document.getElementById("top")?.focus({ preventScroll: true });
      }}
      className="fixed bottom-5 right-5 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
    >
      <span className="sr-only">{labels.backToTop}</span>
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
