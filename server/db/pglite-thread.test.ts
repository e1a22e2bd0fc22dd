import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formPostPaths, honeypotName, localMailIds } from "../../app/lib/contracts/form-endpoint";
import { createApp } from "../app";
import { openLeadsDatabase, rows, type LeadsDatabase } from "./db";

// PGlite runs in a worker thread (pglite-thread.ts). When that thread dies, the visitor is told
// what a database outage tells them, nothing is acknowledged, and the thread starts again on the
// same folder with everything committed before.
let dataDir: string;
let leads: LeadsDatabase;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "ssl-pglite-thread-"));
  leads = await openLeadsDatabase({ dataDir });
}, 120_000);
afterAll(async () => {
  await leads?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const contact = { name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear" };
const postJson = (app: ReturnType<typeof createApp>, message: string) =>
  app.request("/api/v1.0/email/send", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      lib_version: "4.4.1",
      user_id: localMailIds.publicKey,
      service_id: localMailIds.serviceId,
      template_id: localMailIds.templates.contact,
      template_params: { ...contact, message },
    }),
  });
const postForm = (app: ReturnType<typeof createApp>, message: string) =>
  app.request(formPostPaths.contact, { method: "POST", body: new URLSearchParams({ ...contact, message, [honeypotName]: "" }) });

describe("the embedded database's thread dies under a running server", () => {
  it("answers 503 and 'not sent' while it is down, then starts it again with every stored lead", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ clientDir: "/nonexistent", mail: { database: leads.db } });
    expect((await postJson(app, "before the crash")).status).toBe(200);

    // A query the thread is working on when it dies fails; it is not left waiting.
    const inFlight = leads.db.execute(sql`select pg_sleep(30)`);
    await leads.thread!.crashForTest();
    const reason = await inFlight.then(
      () => "answered",
      (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
    );
    expect(reason).toMatch(/^the database thread stopped/);

    const json = await postJson(app, "while it is down");
    expect(json.status).toBe(503);
    expect(await json.text()).toMatch(/^Service Unavailable: the message could not be stored/);
    const form = await postForm(app, "while it is down, no JavaScript");
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/contact/not-sent/failed");
    expect(errors.mock.calls.flat().join("\n")).toMatch(/database thread stopped/);

    await leads.thread!.running();
    expect((await postJson(app, "after the restart")).status).toBe(200);
    expect((await postForm(app, "after the restart, no JavaScript")).headers.get("location")).toBe("/contact/sent");
    const stored = await rows<{ message: string }>(leads.db, sql`select fields->>'message' as message from leads order by id`);
    expect(stored.map((r) => r.message)).toEqual(["before the crash", "after the restart", "after the restart, no JavaScript"]);
  }, 120_000);
});
