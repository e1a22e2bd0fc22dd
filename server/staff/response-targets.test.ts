import { describe, expect, it } from "vitest";
import {
  answeredLate,
  defaultResponseTargets,
  dueAt,
  dueState,
  laterReplyDueAt,
  laterReplyLate,
  responseTargetsSchema,
  standingAt,
  type WorkingCalendar,
} from "./response-targets";

// Asia/Dhaka is UTC+6 all year: 09:00 there is 03:00Z, 18:00 is 12:00Z.
const dhaka: WorkingCalendar = { timeZone: "Asia/Dhaka", days: [0, 1, 2, 3, 4], start: "09:00", end: "18:00" };
const at = (iso: string) => new Date(iso);
const due = (arrival: string, hours: number, calendar = dhaka) => dueAt(at(arrival), hours, calendar).toISOString();

describe("a lead's due time from its arrival and the working calendar", () => {
  it("counts working hours within the same working day", () => {
    // Monday 7 December 2026, 10:00 in Dhaka + 4 h → 14:00.
    expect(due("2026-12-07T04:00:00Z", 4)).toBe("2026-12-07T08:00:00.000Z");
    // Exactly at closing: 14:00 + 4 h → 18:00 the same day, not the next morning.
    expect(due("2026-12-07T08:00:00Z", 4)).toBe("2026-12-07T12:00:00.000Z");
  });

  it("carries what is left of a target over to the next working day", () => {
    // Monday 16:00 + 4 h: 2 h on Monday, 2 h on Tuesday → Tuesday 11:00.
    expect(due("2026-12-07T10:00:00Z", 4)).toBe("2026-12-08T05:00:00.000Z");
    // 8 h from Monday 16:00: 2 + 6 → Tuesday 15:00.
    expect(due("2026-12-07T10:00:00Z", 8)).toBe("2026-12-08T09:00:00.000Z");
    // Two working days (18 h) from Monday 10:00: 8 + 9 + 1 → Wednesday 10:00.
    expect(due("2026-12-07T04:00:00Z", 18)).toBe("2026-12-09T04:00:00.000Z");
  });

  it("starts counting when the next working day opens for a lead that arrived after hours or before opening", () => {
    // Monday 20:00 → Tuesday 09:00 + 4 h = 13:00.
    expect(due("2026-12-07T14:00:00Z", 4)).toBe("2026-12-08T07:00:00.000Z");
    // Tuesday 02:00 (Monday 20:00Z) → Tuesday 13:00 too.
    expect(due("2026-12-07T20:00:00Z", 4)).toBe("2026-12-08T07:00:00.000Z");
    // Tuesday 07:30 → 09:00 + 4 h.
    expect(due("2026-12-08T01:30:00Z", 4)).toBe("2026-12-08T07:00:00.000Z");
  });

  it("skips the weekend (Friday and Saturday in Dhaka)", () => {
    // Thursday 10 December 16:00 + 4 h: 2 h Thursday, then Sunday 13 December 09:00 + 2 h = 11:00.
    expect(due("2026-12-10T10:00:00Z", 4)).toBe("2026-12-13T05:00:00.000Z");
    // Friday noon → Sunday 09:00 + 8 h = 17:00.
    expect(due("2026-12-11T06:00:00Z", 8)).toBe("2026-12-13T11:00:00.000Z");
    // Saturday 23:59 local → Sunday 09:00 + 4 h.
    expect(due("2026-12-12T17:59:00Z", 4)).toBe("2026-12-13T07:00:00.000Z");
    // Thursday 17:00 + 18 h: 1 h Thursday, 9 h Sunday, 8 h Monday → Monday 17:00.
    expect(due("2026-12-10T11:00:00Z", 18)).toBe("2026-12-14T11:00:00.000Z");
  });

  it("follows another working week", () => {
    const mondayToFriday: WorkingCalendar = { ...dhaka, days: [1, 2, 3, 4, 5], start: "08:30", end: "17:00" };
    // Friday 11 December 16:00 Dhaka + 4 h: 1 h Friday, Monday 14 December 08:30 + 3 h = 11:30.
    expect(due("2026-12-11T10:00:00Z", 4, mondayToFriday)).toBe("2026-12-14T05:30:00.000Z");
  });

  it("follows a zone's clock changes: the working day opens at 09:00 local time before and after", () => {
    const berlin: WorkingCalendar = { timeZone: "Europe/Berlin", days: [1, 2, 3, 4, 5], start: "09:00", end: "18:00" };
    // Summer time ends on Sunday 25 October 2026. Friday 23 October 17:00 CEST (15:00Z) + 4 h:
    // 1 h Friday, then Monday 26 October 09:00 CET (08:00Z) + 3 h = 12:00 CET = 11:00Z.
    expect(due("2026-10-23T15:00:00Z", 4, berlin)).toBe("2026-10-26T11:00:00.000Z");
    // Summer time starts on Sunday 29 March 2026. Friday 27 March 17:00 CET (16:00Z) + 4 h:
    // Monday 30 March 09:00 CEST (07:00Z) + 3 h = 12:00 CEST = 10:00Z.
    expect(due("2026-03-27T16:00:00Z", 4, berlin)).toBe("2026-03-30T10:00:00.000Z");
    // A working day that includes the change: Sunday work in a zone that changes at 02:00 that morning.
    const everyDay: WorkingCalendar = { ...berlin, days: [0, 1, 2, 3, 4, 5, 6], start: "01:00", end: "05:00" };
    // Sunday 29 March 01:00 CET (00:00Z) + 2 working hours: 02:00–03:00 does not exist, so 01:00 + 2 h of real time → 04:00 CEST (02:00Z).
    expect(due("2026-03-29T00:00:00Z", 2, everyDay)).toBe("2026-03-29T02:00:00.000Z");
    // The day that opens at 01:00 and closes at 05:00 local has 3 real hours: 4 h carry 1 h over to Monday 01:00 CEST (23:00Z Sunday) → 02:00 CEST = 00:00Z.
    expect(due("2026-03-29T00:00:00Z", 4, everyDay)).toBe("2026-03-30T00:00:00.000Z");
  });

  it("refuses a calendar without a working day, and settings that cannot be", () => {
    expect(() => dueAt(at("2026-12-07T04:00:00Z"), 4, { ...dhaka, days: [] })).toThrow();
    expect(responseTargetsSchema.safeParse(defaultResponseTargets).success).toBe(true);
    expect(responseTargetsSchema.safeParse({ ...defaultResponseTargets, start: "18:00", end: "09:00" }).success).toBe(false);
    expect(responseTargetsSchema.safeParse({ ...defaultResponseTargets, days: [] }).success).toBe(false);
    expect(responseTargetsSchema.safeParse({ ...defaultResponseTargets, hours: { ...defaultResponseTargets.hours, quote: 0 } }).success).toBe(false);
    expect(responseTargetsSchema.safeParse({ ...defaultResponseTargets, start: "25:00" }).success).toBe(false);
  });
});

describe("where a lead stands against its target", () => {
  const zone = "Asia/Dhaka";
  // A quote request on Monday 7 December 10:00 in Dhaka: due 14:00 (08:00Z) with the defaults.
  const lead = { type: "quote" as const, receivedAt: at("2026-12-07T04:00:00Z") };

  it("is due, then overdue, on the clock it is given", () => {
    expect(dueState({ ...lead, firstResponseAt: null }, defaultResponseTargets, zone, at("2026-12-07T06:00:00Z"))).toEqual({
      kind: "due",
      dueAt: at("2026-12-07T08:00:00Z"),
      inMs: 2 * 3_600_000,
    });
    expect(dueState({ ...lead, firstResponseAt: null }, defaultResponseTargets, zone, at("2026-12-07T11:00:00Z"))).toEqual({
      kind: "overdue",
      dueAt: at("2026-12-07T08:00:00Z"),
      byMs: 3 * 3_600_000,
    });
  });

  it("is answered in time or late by its first reply, whatever the clock says", () => {
    const now = at("2026-12-20T00:00:00Z");
    expect(dueState({ ...lead, firstResponseAt: at("2026-12-07T07:59:00Z") }, defaultResponseTargets, zone, now)).toMatchObject({
      kind: "answered",
      lateByMs: null,
    });
    expect(dueState({ ...lead, firstResponseAt: at("2026-12-07T09:00:00Z") }, defaultResponseTargets, zone, now)).toMatchObject({
      kind: "answered",
      lateByMs: 3_600_000,
    });
    expect(answeredLate({ ...lead, firstResponseAt: at("2026-12-07T08:00:00Z") }, defaultResponseTargets, zone)).toBe(false);
    expect(answeredLate({ ...lead, firstResponseAt: at("2026-12-07T08:00:01Z") }, defaultResponseTargets, zone)).toBe(true);
    expect(answeredLate({ ...lead, firstResponseAt: null }, defaultResponseTargets, zone)).toBe(false);
  });
});

describe("a later reply's due time (decision 0157)", () => {
  const zone = "Asia/Dhaka";

  it("counts the type's later-reply target from when the sender began waiting again, in working hours", () => {
    // Monday 7 December 10:00 in Dhaka + 8 h (a quote's default): 8 h on Monday → 18:00.
    expect(laterReplyDueAt({ type: "quote", awaitingSince: at("2026-12-07T04:00:00Z") }, defaultResponseTargets, zone)).toEqual(at("2026-12-07T12:00:00Z"));
    // Thursday 10 December 17:00 + 18 h (an application's): 1 h Thursday, 9 h Sunday, 8 h Monday → Monday 17:00.
    expect(laterReplyDueAt({ type: "career", awaitingSince: at("2026-12-10T11:00:00Z") }, defaultResponseTargets, zone)).toEqual(at("2026-12-14T11:00:00Z"));
    // The admin's target, not the first reply's.
    const tight = { ...defaultResponseTargets, laterHours: { ...defaultResponseTargets.laterHours, quote: 2 } };
    expect(laterReplyDueAt({ type: "quote", awaitingSince: at("2026-12-07T04:00:00Z") }, tight, zone)).toEqual(at("2026-12-07T06:00:00Z"));
  });

  it("tells a later reply sent after its due time from one in time, and where a due time stands", () => {
    const reply = { type: "contact" as const, waitingSince: at("2026-12-07T04:00:00Z") }; // due Monday 18:00 (12:00Z)
    expect(laterReplyLate({ ...reply, repliedAt: at("2026-12-07T12:00:00Z") }, defaultResponseTargets, zone)).toBe(false);
    expect(laterReplyLate({ ...reply, repliedAt: at("2026-12-07T12:00:01Z") }, defaultResponseTargets, zone)).toBe(true);
    expect(standingAt(at("2026-12-07T12:00:00Z"), at("2026-12-07T10:00:00Z"))).toEqual({ kind: "due", dueAt: at("2026-12-07T12:00:00Z"), inMs: 7_200_000 });
    expect(standingAt(at("2026-12-07T12:00:00Z"), at("2026-12-07T12:30:00Z"))).toEqual({ kind: "overdue", dueAt: at("2026-12-07T12:00:00Z"), byMs: 1_800_000 });
  });

  it("reads settings without later-reply targets with their defaults, and refuses one out of range", () => {
    const { laterHours: _, ...older } = defaultResponseTargets;
    const read = responseTargetsSchema.safeParse({ ...older, hours: { quote: 2, contact: 6, career: 20 } });
    expect(read.success && read.data.laterHours).toEqual({ quote: 8, contact: 8, career: 18 });
    expect(responseTargetsSchema.safeParse({ ...defaultResponseTargets, laterHours: { ...defaultResponseTargets.laterHours, career: 201 } }).success).toBe(
      false,
    );
  });
});
