import { afterEach, describe, expect, it, vi } from "vitest";
import { msUntilNextUtcDay, scheduleDailyRepublish } from "./daily-republish";

describe("daily republish", () => {
  afterEach(() => vi.useRealTimers());

  it("waits until a minute past the next UTC midnight", () => {
    expect(msUntilNextUtcDay(Date.parse("2026-11-23T23:59:00Z"))).toBe(2 * 60_000);
    expect(msUntilNextUtcDay(Date.parse("2026-11-23T00:00:00Z"))).toBe(24 * 60 * 60_000 + 60_000);
  });

  it("republishes once each new day until stopped", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T18:00:00Z") });
    const republish = vi.fn();
    const stop = scheduleDailyRepublish(republish);
    vi.advanceTimersByTime(6 * 60 * 60_000);
    expect(republish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(republish).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(republish).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(48 * 60 * 60_000);
    expect(republish).toHaveBeenCalledTimes(2);
  });
});
