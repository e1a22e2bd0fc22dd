import { act } from "@testing-library/react";

/**
 * Lets what an action started (a dynamic import, a file's reading, React's render) run without
 * moving a faked clock: turns the event loop until `done()` holds. A fixed number of turns was too
 * few on a loaded machine (the file's reading takes real I/O); real time bounds the wait instead
 * (`performance.now` is never among the faked clocks), so a broken form fails in seconds.
 */
export async function settleUntil(done: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > limitMs) throw new Error(`Still waiting after ${limitMs} ms for ${what}`);
    await act(() => new Promise((resolve) => setImmediate(resolve)));
  }
}

/** Lets whatever is already under way run for a few turns, to show nothing more happens. */
export async function settle(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await act(() => new Promise((resolve) => setImmediate(resolve)));
}
