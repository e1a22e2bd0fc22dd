import { sql } from "drizzle-orm";
import { beforeEach, describe, expect } from "vitest";
import { drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { rows } from "../db/db";
import {
  approvePublish,
  cancelPublish,
  claimDuePublishes,
  finishPublish,
  loadPublishApproval,
  openPublishRequests,
  publishLeaseMs,
  readPublishRequest,
  requestPublish,
  savePublishApproval,
} from "./publish-requests";

// Publish requests in the store (decision 0159): a scheduled publish claimed once across instances,
// an approval by someone the setting names (administrators, or editors too) other than the requester,
// checked against the account in the approving statement; the approval setting off by default.

describe.each(drivers)("publish requests on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  const editor = { id: "editor-1", name: "Eda Editor", email: "eda@example.com" };
  const admin = { id: "admin-1", name: "Ada Admin", email: "ada@example.com" };
  const faq = { kind: "collection" as const, key: "faq", slug: "moq" };
  const site = { kind: "singleton" as const, key: "site", slug: "" };
  const at = new Date("2026-12-10T03:00:00Z");

  const otherEditor = { id: "editor-2", name: "Ed Other", email: "ed@example.com" };
  const sales = { id: "sales-1", name: "Sal Sales", email: "sal@example.com" };

  beforeEach(async () => {
    await t.db.execute(sql`delete from staff_settings where key = 'publish-approval'`);
    await t.db.execute(sql`delete from staff_users where id in ('editor-1', 'editor-2', 'admin-1', 'sales-1')`);
    for (const [who, role] of [
      [editor, "editor"],
      [otherEditor, "editor"],
      [admin, "admin"],
      [sales, "sales"],
    ] as const)
      await t.db.execute(sql`insert into staff_users (id, name, email, role) values (${who.id}, ${who.name}, ${who.email}, ${role})`);
  });

  onBothDrivers("claims a scheduled publish once at its time, however many instances look at once", async () => {
    const other = await t.anotherInstance();
    const request = await requestPublish(t.db, { entries: [faq, site], runAt: at, actor: editor, needsApproval: false });
    expect(request).toMatchObject({ status: "scheduled", entries: [faq, site], runAt: at, requestedByName: "Eda Editor" });

    expect(await claimDuePublishes(t.db, new Date(at.getTime() - 1000))).toEqual([]);
    const claims = await Promise.all([claimDuePublishes(t.db, at), claimDuePublishes(other, at), claimDuePublishes(t.db, new Date(at.getTime() + 60_000))]);
    expect(claims.flat().map((r) => [r.id, r.status])).toEqual([[request.id, "running"]]);
    expect(await claimDuePublishes(other, new Date(at.getTime() + 120_000))).toEqual([]);
    const runs = await rows<{ job: string; slot: string }>(t.db, sql`select job, slot from scheduled_runs`);
    expect(runs).toEqual([{ job: "publish", slot: `${request.id}@first` }]);

    await finishPublish(t.db, { id: request.id, outcome: "done", revisionId: 7, note: "published late", at });
    expect(await readPublishRequest(t.db, request.id)).toMatchObject({ status: "done", revisionId: 7, note: "published late", doneAt: at });
    expect(await openPublishRequests(t.db)).toEqual([]);
  });

  onBothDrivers("claims a publish left running by an instance that died again after the lease, once, saying when the first run began", async () => {
    const other = await t.anotherInstance();
    const request = await requestPublish(t.db, { entries: [faq], runAt: at, actor: editor, needsApproval: false });
    expect((await claimDuePublishes(t.db, at)).map((r) => [r.id, r.interruptedAt])).toEqual([[request.id, null]]);
    // Its instance dies before it finishes: within the lease nobody takes it.
    expect(await claimDuePublishes(other, new Date(at.getTime() + publishLeaseMs - 1000))).toEqual([]);
    const later = new Date(at.getTime() + publishLeaseMs);
    const claims = await Promise.all([claimDuePublishes(t.db, later), claimDuePublishes(other, later)]);
    expect(claims.flat().map((r) => [r.id, r.status, r.interruptedAt, r.claimedAt])).toEqual([[request.id, "running", at, later]]);
    await finishPublish(t.db, { id: request.id, outcome: "done", at: later });
    expect(await claimDuePublishes(t.db, new Date(later.getTime() + 2 * publishLeaseMs))).toEqual([]);
  });

  onBothDrivers("an admin approves an editor's request, the editor cannot approve her own, and approval without a time schedules it now", async () => {
    const request = await requestPublish(t.db, { entries: [faq], runAt: null, actor: editor, needsApproval: true });
    expect(request.status).toBe("waiting-approval");
    // Waiting for approval: never claimed, whatever the time.
    expect(await claimDuePublishes(t.db, new Date("2030-01-01T00:00:00Z"))).toEqual([]);

    expect(await approvePublish(t.db, { id: request.id, approver: editor, now: at })).toEqual({ ok: false, reason: "own" });
    // With the setting naming administrators (its default once on), another editor does not approve.
    await savePublishApproval(t.db, "admins");
    expect(await approvePublish(t.db, { id: request.id, approver: otherEditor, now: at })).toEqual({ ok: false, reason: "role" });
    expect(await approvePublish(t.db, { id: request.id + 100, approver: admin, now: at })).toEqual({ ok: false, reason: "missing" });
    const approved = await approvePublish(t.db, { id: request.id, approver: admin, now: at });
    expect(approved).toMatchObject({ ok: true, request: { status: "scheduled", approvedByName: "Ada Admin", runAt: at } });
    expect(await approvePublish(t.db, { id: request.id, approver: admin, now: at })).toEqual({ ok: false, reason: "missing" });
    expect((await claimDuePublishes(t.db, at)).map((r) => r.id)).toEqual([request.id]);
  });

  onBothDrivers("cancels a request that has not run, and not one that has", async () => {
    const ran = await requestPublish(t.db, { entries: [site], runAt: at, actor: editor, needsApproval: false });
    await claimDuePublishes(t.db, at);
    await finishPublish(t.db, { id: ran.id, outcome: "done", at });
    const later = await requestPublish(t.db, { entries: [faq], runAt: new Date("2026-12-11T00:00:00Z"), actor: editor, needsApproval: false });
    expect(await cancelPublish(t.db, later.id)).toBe(true);
    expect(await cancelPublish(t.db, later.id)).toBe(false);
    expect(await cancelPublish(t.db, ran.id)).toBe(false);
    expect((await readPublishRequest(t.db, later.id))?.status).toBe("cancelled");
    expect((await readPublishRequest(t.db, ran.id))?.status).toBe("done");
    expect(await claimDuePublishes(t.db, new Date("2026-12-12T00:00:00Z"))).toEqual([]);
  });

  onBothDrivers("with the setting naming editors, another editor approves; the requester, a sales account or a disabled editor does not", async () => {
    await savePublishApproval(t.db, "editors");
    const request = await requestPublish(t.db, { entries: [site], runAt: null, actor: editor, needsApproval: true });
    expect(await approvePublish(t.db, { id: request.id, approver: editor, now: at })).toEqual({ ok: false, reason: "own" });
    expect(await approvePublish(t.db, { id: request.id, approver: sales, now: at })).toEqual({ ok: false, reason: "role" });
    await t.db.execute(sql`update staff_users set banned = true where id = 'editor-2'`);
    expect(await approvePublish(t.db, { id: request.id, approver: otherEditor, now: at })).toEqual({ ok: false, reason: "role" });
    // An id with no account (a deleted one) approves nothing.
    expect(await approvePublish(t.db, { id: request.id, approver: { id: "gone-1", name: "Gone" }, now: at })).toEqual({ ok: false, reason: "role" });
    await t.db.execute(sql`update staff_users set banned = false where id = 'editor-2'`);
    expect(await approvePublish(t.db, { id: request.id, approver: otherEditor, now: at })).toMatchObject({
      ok: true,
      request: { status: "scheduled", approvedById: "editor-2", approvedByName: "Ed Other" },
    });
  });

  onBothDrivers("needs no approval until an admin turns the setting on; the setting names who approves", async () => {
    expect(await loadPublishApproval(t.db)).toBe("off");
    await savePublishApproval(t.db, "editors");
    expect(await loadPublishApproval(t.db)).toBe("editors");
    await savePublishApproval(t.db, "admins");
    expect(await loadPublishApproval(t.db)).toBe("admins");
    // The setting as the first page stored it ("on") is administrators.
    await t.db.execute(sql`update staff_settings set value = 'on' where key = 'publish-approval'`);
    expect(await loadPublishApproval(t.db)).toBe("admins");
    await savePublishApproval(t.db, "off");
    expect(await loadPublishApproval(t.db)).toBe("off");
  });
});
