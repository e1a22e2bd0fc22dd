import { type ReactNode, Suspense } from "react";

/** Rough heights, reserved before a section is first laid out (then the browser remembers the real one). */
const reservedHeight = {
  sm: "[contain-intrinsic-size:auto_420px]",
  md: "[contain-intrinsic-size:auto_720px]",
  lg: "[contain-intrinsic-size:auto_1100px]",
} as const;

export type OffscreenSectionProps = {
  children: ReactNode;
  /** About how tall the section is on a phone. */
  size: keyof typeof reservedHeight;
};

/**
 * A part of a long page below the first screen. The browser skips its style, layout and paint until
 * it nears the viewport (`content-visibility: auto`; it stays in the accessibility tree and in
 * find-in-page), and React hydrates it as a unit of its own (a Suspense boundary that never
 * suspends, so the HTML is unchanged), so neither makes one long main-thread task.
 */
export function OffscreenSection({ children, size }: OffscreenSectionProps) {
  return (
    <Suspense>
      <div className={`[content-visibility:auto] ${reservedHeight[size]}`}>{children}</div>
    </Suspense>
  );
}
