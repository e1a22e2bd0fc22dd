import { describe, expect, it } from "vitest";
import { instantOf, localDate, localDay, offsetAt, startOfLocalDay, wallClock } from "./zoned-time";

// The one wall-clock reader (decision 0157). Asia/Dhaka is UTC+6 all year; Europe/Berlin changes its
// clocks (summer time from Sunday 29 March 2026 02:00 CET, back on Sunday 25 October 2026 03:00 CEST).

describe("a zone's wall clock", () => {
  it("reads the local date, weekday and time of a moment", () => {
    // Thursday 26 November 2026, 08:00 in Dhaka.
    expect(wallClock(new Date("2026-11-26T02:00:00Z"), "Asia/Dhaka")).toEqual({
      date: "2026-11-26",
      year: 2026,
      month: 11,
      day: 26,
      weekday: 4,
      hour: 8,
      minute: 0,
      second: 0,
    });
    // 23:30Z on Saturday is already Sunday 05:30 in Dhaka; midnight reads as 00, not 24.
    expect(wallClock(new Date("2026-11-28T23:30:00Z"), "Asia/Dhaka")).toMatchObject({ date: "2026-11-29", weekday: 0, hour: 5, minute: 30 });
    expect(wallClock(new Date("2026-11-28T18:00:00Z"), "Asia/Dhaka")).toMatchObject({ date: "2026-11-29", hour: 0 });
    expect(localDate(new Date("2026-11-28T18:00:00Z"), "Asia/Dhaka")).toBe("2026-11-29");
    expect(localDate(new Date("2026-11-28T17:59:59Z"), "Asia/Dhaka")).toBe("2026-11-28");
  });

  it("gives the zone's offset on both sides of a clock change", () => {
    expect(offsetAt(Date.parse("2026-12-07T04:00:00Z"), "Asia/Dhaka")).toBe(6 * 3_600_000);
    expect(offsetAt(Date.parse("2026-03-29T00:59:59Z"), "Europe/Berlin")).toBe(3_600_000);
    expect(offsetAt(Date.parse("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe(2 * 3_600_000);
    expect(offsetAt(Date.parse("2026-10-25T01:00:00Z"), "Europe/Berlin")).toBe(3_600_000);
  });

  it("turns a local day and time into the instant, a skipped time into the one after it", () => {
    const day = localDay(Date.parse("2026-12-07T04:00:00Z"), "Asia/Dhaka");
    expect(new Date(day).toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(new Date(instantOf(day, 9 * 60, "Asia/Dhaka")).toISOString()).toBe("2026-12-07T03:00:00.000Z");
    const change = Date.parse("2026-03-29T00:00:00Z");
    // 02:30 does not exist in Berlin that night: it reads as 03:30 CEST (01:30Z), moved on by the change.
    expect(new Date(instantOf(change, 150, "Europe/Berlin")).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(startOfLocalDay("2026-12-11", "Asia/Dhaka").toISOString()).toBe("2026-12-10T18:00:00.000Z");
    expect(startOfLocalDay("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });
});
