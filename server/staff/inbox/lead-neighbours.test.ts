import { describe, expect, it } from "vitest";
import { drivers, testDatabasePerFile } from "../../../test-support/databases";
import { insertLead } from "../../../test-support/leads";
import { leadNeighbours, listLeads } from "../../leads/inbox";
import { leadTypesFor } from "../roles";
import { parseFilter } from "./filter";

// The leads either side of one in the inbox's order (decision 0154), as the list shows them: the
// same order (arrival, then id), the same filter and search, only the types the role may see.

describe.each(drivers)("a lead's neighbours in the list on %s", (driver) => {
  const handle = testDatabasePerFile(driver);

  async function seed() {
    const at = (iso: string) => new Date(`2026-03-01T${iso}:00Z`);
    const contact = (name: string, message: string, time: string, status = "new") =>
      insertLead(handle.db, { form: "contact", fields: { name, email: `${name.toLowerCase()}@buyer.test`, message }, receivedAt: at(time), status });
    const oldest = await contact("Olga", "Merino cardigans", "08:00");
    // Two at the same moment: the list (and so its neighbours) orders them by id.
    const tiedA = await contact("Tia", "Denim jackets", "09:00");
    const tiedB = await contact("Tom", "Merino jumpers", "09:00", "in_progress");
    const career = await insertLead(handle.db, {
      form: "career",
      fields: { name: "Cal", email: "cal@mail.test", position: "Merino knitter" },
      receivedAt: at("09:30"),
    });
    const newest = await contact("Nia", "Merino scarves", "10:00");
    return { oldest, tiedA, tiedB, career, newest };
  }

  /** The list's own order for a filter, as ids, newest first. */
  const listed = async (query: string) =>
    (await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: "u-sales", filter: parseFilter(new URLSearchParams(query)).filter })).leads.map(
      (l) => l.id,
    );
  const around = (id: number, query = "") =>
    leadNeighbours(handle.db, { types: leadTypesFor("sales"), filter: parseFilter(new URLSearchParams(query)).filter, id });

  it("gives the leads above and below one in the list's order, ties by id, past the types the role may not see", async () => {
    const { oldest, tiedA, tiedB, newest } = await seed();
    expect(await listed("")).toEqual([newest, tiedB, tiedA, oldest]);
    expect(await around(tiedB)).toEqual({ previous: newest, next: tiedA });
    expect(await around(tiedA)).toEqual({ previous: tiedB, next: oldest });
    expect(await around(newest)).toEqual({ next: tiedB });
    expect(await around(oldest)).toEqual({ previous: tiedA });
  });

  it("follows a filter and a search, from a lead that no longer matches them too; nothing for a lead the role may not see", async () => {
    const { oldest, tiedA, tiedB, career, newest } = await seed();
    expect(await listed("status=new")).toEqual([newest, tiedA, oldest]);
    expect(await around(tiedA, "status=new")).toEqual({ previous: newest, next: oldest });
    // Moved on since the list was read: still between the same two.
    expect(await around(tiedB, "status=new")).toEqual({ previous: newest, next: tiedA });
    expect(await listed("q=merino")).toEqual([newest, tiedB, oldest]);
    expect(await around(tiedB, "q=merino")).toEqual({ previous: newest, next: oldest });
    expect(await around(career)).toEqual({});
    expect(await around(tiedA, "type=career")).toEqual({});
  });
});
