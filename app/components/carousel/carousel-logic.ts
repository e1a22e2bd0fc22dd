// Pure index and drag arithmetic shared by every carousel (unit-tested without a DOM).

/** Last index that can lead the view, so the final view is full rather than half empty. */
export function lastStart(count: number, perView: number): number {
  return Math.max(0, count - Math.max(1, perView));
}

/** One step forward, wrapping from the last full view back to the first. */
export function nextIndex(index: number, count: number, perView = 1): number {
  return index >= lastStart(count, perView) ? 0 : index + 1;
}

/** One step back, wrapping from the first view to the last full view. */
export function previousIndex(index: number, count: number, perView = 1): number {
  const last = lastStart(count, perView);
  const current = Math.min(index, last);
  return current <= 0 ? last : current - 1;
}

/**
 * What a finished drag does: +1 (next) when the pointer moved left by more than the threshold,
 * -1 (previous) when it moved right by more than it, 0 otherwise (the view springs back).
 */
export function dragStep(deltaX: number, thresholdPx: number): -1 | 0 | 1 {
  if (deltaX < -thresholdPx) return 1;
  if (deltaX > thresholdPx) return -1;
  return 0;
}

/** Whether slide `i` is inside the view that starts at `start`. */
export function isInView(i: number, start: number, perView: number): boolean {
  return i >= start && i < start + perView;
}
