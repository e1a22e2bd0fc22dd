import { describe, expect, it } from "vitest";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { followUpDaysDefault, loadFollowUpDays, saveFollowUpDays } from "./quotations/follow-up";
import { defaultResponseTargets, loadResponseTargets, saveResponseTargets } from "./response-targets";
import { setShortcuts, shortcutsOn } from "./shortcuts";

// The desk's settings rows in `staff_settings` (decisions 0153, 0154, 0157, 0158): each written by an
// upsert or a delete, so saved twice on each driver; the pages above them are tested on PGlite.
describe.each(drivers)("the desk's settings on %s", (driver) => {
  const handle = testDatabasePerFile(driver);

  it("keeps the response targets and the quotation follow-up's days, the last save winning, each beside the other", async () => {
    expect(await loadResponseTargets(handle.db)).toEqual(defaultResponseTargets);
    expect(await loadFollowUpDays(handle.db)).toBe(followUpDaysDefault);
    const first = { ...defaultResponseTargets, start: "08:00", hours: { ...defaultResponseTargets.hours, quote: 2 } };
    const second = { ...first, end: "18:30", laterHours: { ...defaultResponseTargets.laterHours, contact: 12 } };
    await saveResponseTargets(handle.db, first);
    await saveResponseTargets(handle.db, second);
    await saveFollowUpDays(handle.db, 9);
    await saveFollowUpDays(handle.db, 3);
    expect(await loadResponseTargets(handle.db)).toEqual(second);
    expect(await loadFollowUpDays(handle.db)).toBe(3);
  });

  it("turns a member's keyboard shortcuts off and on again, twice each, without touching another member's", async () => {
    expect(await shortcutsOn(handle.db, "u-1")).toBe(true);
    await setShortcuts(handle.db, "u-1", false);
    await setShortcuts(handle.db, "u-1", false);
    await setShortcuts(handle.db, "u-2", false);
    expect([await shortcutsOn(handle.db, "u-1"), await shortcutsOn(handle.db, "u-2")]).toEqual([false, false]);
    await setShortcuts(handle.db, "u-1", true);
    await setShortcuts(handle.db, "u-1", true);
    expect([await shortcutsOn(handle.db, "u-1"), await shortcutsOn(handle.db, "u-2")]).toEqual([true, false]);
  });
});
