import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formPostPaths, honeypotName } from "../../app/lib/contracts/form-endpoint";
import { startTestPostgres, type TestPostgres } from "../../scripts/test-setup/test-postgres.mjs";
import { createApp } from "../app";
import { openLeadsDatabase, rows, type LeadsDatabase } from "./db";

// The database goes away under a running server (its own PostgreSQL here: the shared one serves
// the other test files) and comes back: the visitor gets the failure page, the server keeps
// answering, nothing acknowledged is lost, and the next post after the restart is stored.
let postgres: TestPostgres;
let leads: LeadsDatabase;
beforeAll(async () => {
  postgres = await startTestPostgres();
  leads = await openLeadsDatabase({ databaseUrl: postgres.url });
}, 120_000);
afterAll(async () => {
  await leads?.close();
  await postgres?.close();
});

const contact = (message: string) => new URLSearchParams({ name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear", message, [honeypotName]: "" });

describe("PostgreSQL stopped under a running server", () => {
  it("answers 'failed' while it is down, never crashes, and stores again once it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ clientDir: "/nonexistent", mail: { database: leads.db } });
    const post = (message: string) => app.request(formPostPaths.contact, { method: "POST", body: contact(message) });

    expect((await post("before the outage")).headers.get("location")).toBe("/contact/sent");
    await postgres.stop();
    const during = await post("during the outage");
    expect(during.status).toBe(303);
    expect(during.headers.get("location")).toBe("/contact/not-sent/failed");
    // The log says why, without the visitor's message (the driver's error lists the query's values).
    const logged = vi
      .mocked(console.error)
      .mock.calls.flat()
      .map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.cause ?? "")}` : String(arg)))
      .join("\n");
    expect(logged).toMatch(/the lead could not be stored: /);
    expect(logged).not.toContain("during the outage");

    await postgres.start();
    // The pool drops the dead connections and opens new ones: the first post after the restart works.
    expect((await post("after the outage")).headers.get("location")).toBe("/contact/sent");
    const stored = await rows<{ message: string }>(leads.db, sql`select fields->>'message' as message from leads order by id`);
    expect(stored.map((r) => r.message)).toEqual(["before the outage", "after the outage"]);
  }, 120_000);
});
