import { useEffect, useState } from "react";

/**
 * True while the window is scrolled more than `threshold` pixels; false in prerendered HTML.
 *
 * scrollY is read once per animation frame, when the browser lays the page out anyway: reading it
 * during a render or an effect would force a layout of its own.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(read);
    };
    frame = requestAnimationFrame(read); // a page restored mid-scroll starts past the threshold
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
