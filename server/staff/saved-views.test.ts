import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { truncateStaff } from "./auth";
import { deleteSavedView, listSavedViews, saveView, savedViewsMax } from "./saved-views";

describe.each(drivers)("saved views on %s", (driver) => {
  const handle = testDatabasePerFile(driver);
  const member = async (id: string) =>
    handle.db.execute(sql`insert into staff_users (id, name, email, role) values (${id}, ${id}, ${`${id}@example.com`}, 'sales')`);

  it("keeps each member's views by name, a name once (saving it again takes the new filter), up to the most a member keeps; gone with the account", async () => {
    await truncateStaff(handle.db);
    await member("u-1");
    await member("u-2");
    expect(await saveView(handle.db, { staffId: "u-1", name: "New quotes", query: "type=quote&status=new" })).toBe("saved");
    expect(await saveView(handle.db, { staffId: "u-1", name: "Mine", query: "assignee=u-1" })).toBe("saved");
    expect(await saveView(handle.db, { staffId: "u-1", name: "New quotes", query: "type=quote&status=new&minimum=below" })).toBe("saved");
    expect(await saveView(handle.db, { staffId: "u-2", name: "Mine", query: "assignee=u-2" })).toBe("saved");
    expect((await listSavedViews(handle.db, "u-1")).map((v) => [v.name, v.query])).toEqual([
      ["Mine", "assignee=u-1"],
      ["New quotes", "type=quote&status=new&minimum=below"],
    ]);

    // Another's view is not theirs to delete; their own goes.
    const [theirs] = await listSavedViews(handle.db, "u-2");
    expect(await deleteSavedView(handle.db, { staffId: "u-1", id: theirs!.id })).toBe(false);
    expect(await deleteSavedView(handle.db, { staffId: "u-2", id: theirs!.id })).toBe(true);
    expect(await listSavedViews(handle.db, "u-2")).toEqual([]);

    for (let i = 2; i < savedViewsMax; i++) expect(await saveView(handle.db, { staffId: "u-1", name: `View ${i}`, query: "q=x" })).toBe("saved");
    expect(await saveView(handle.db, { staffId: "u-1", name: "One too many", query: "q=x" })).toBe("full");
    expect(await saveView(handle.db, { staffId: "u-1", name: "Mine", query: "assignee=none" })).toBe("saved");
    expect(await listSavedViews(handle.db, "u-1")).toHaveLength(savedViewsMax);

    await handle.db.execute(sql`delete from staff_users where id = 'u-1'`);
    expect(await listSavedViews(handle.db, "u-1")).toEqual([]);
  });
});
