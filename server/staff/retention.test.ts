import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { truncateAll, type LeadsDatabase } from "../db/db";
import { leadFiles, leads, mailJobs } from "../db/schema";
import { aboveTheStore, drivers, onBothDrivers, openTestDatabase } from "../../test-support/databases";
import { listAudit } from "./audit";
import { truncateStaff } from "./auth";
import { deleteExpiredApplications, deleteLeadOnRequest, retentionDaysFrom, startRetentionJob } from "./retention";
import { listRevisions, recordRevision } from "../leads/content-history";
import { contentRevisions } from "../db/schema";
import { LeadFiles } from "../leads/files";
import { objectStorage } from "../platform/object-storage";
import { startTestObjectStorage } from "../../test-support/object-storage";

const day = 86_400_000;
const now = new Date("2026-11-25T03:00:00Z");

describe.each(drivers)("retention of job applications on %s", (driver) => {
  // The cut-off by date (a Date through each driver: server/leads/deletion.ts has no store test of it) on both; the job, the history's thinning and the deletion on request on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  let database: LeadsDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 120_000);
  afterAll(() => database?.close());
  beforeEach(async () => {
    await truncateAll(database.db);
    await truncateStaff(database.db);
  });

  /** A stored lead with its resume and mail job, received `daysAgo` days before now. */
  async function lead(form: string, daysAgo: number) {
    const [row] = await database.db
      .insert(leads)
      .values({ form, receivedAt: new Date(now.getTime() - daysAgo * day), fields: { name: "Rahim" }, eml: Buffer.from("message") })
      .returning({ id: leads.id });
    await database.db
      .insert(leadFiles)
      .values({ leadId: row!.id, role: "resume", filename: "cv.pdf", contentType: "application/pdf", content: Buffer.from("%PDF") });
    await database.db.insert(mailJobs).values({ leadId: row!.id });
    return row!.id;
  }
  const remaining = async () => (await database.db.select({ id: leads.id }).from(leads)).map((r) => r.id).sort((a, b) => a - b);

  onBothDrivers("deletes an application older than the period with its resume and mail job, keeps a newer one and every other kind of lead", async () => {
    const old = await lead("career", 181);
    const recent = await lead("career", 179);
    const oldContact = await lead("contact", 400);
    expect(await deleteExpiredApplications(database.db, 180, now)).toBe(1);
    expect(await remaining()).toEqual([recent, oldContact]);
    expect(await database.db.select().from(leadFiles).where(eq(leadFiles.leadId, old))).toEqual([]);
    expect(await database.db.select().from(mailJobs).where(eq(mailJobs.leadId, old))).toEqual([]);
    const [entry] = await listAudit(database.db, { action: "lead.retention-delete" });
    expect(entry).toMatchObject({ actorEmail: "system", target: "form:career", detail: { count: 1, retentionDays: 180 } });
  });

  it("records nothing when nothing was old enough", async () => {
    await lead("career", 10);
    expect(await deleteExpiredApplications(database.db, 180, now)).toBe(0);
    expect(await listAudit(database.db)).toEqual([]);
  });

  it("runs the daily job once at start: an application past the period is gone without waiting a day, and the job is audited", async () => {
    const received = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    const [, recent] = await database.db
      .insert(leads)
      .values([
        { form: "career", receivedAt: received(181), fields: { name: "Old" }, eml: Buffer.from("message") },
        { form: "career", receivedAt: received(179), fields: { name: "Recent" }, eml: Buffer.from("message") },
      ])
      .returning({ id: leads.id });
    const job = startRetentionJob({ db: database.db, site: { current: { clientDir: "/nonexistent/client", cspHashes: {} } }, retentionDays: 180 });
    try {
      await vi.waitFor(async () => expect(await listAudit(database.db, { action: "lead.retention-delete" })).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      job.stop();
    }
    expect(await remaining()).toEqual([recent!.id]);
  });

  it("removes from the bucket the resume of an application it deletes, in the same run (decision 0161)", async () => {
    const bucket = await startTestObjectStorage();
    try {
      const files = new LeadFiles(objectStorage(bucket.settings));
      const placed = await files.place({ content: Buffer.from("%PDF-1.4 an old resume"), contentType: "application/pdf" });
      const [old] = await database.db
        .insert(leads)
        .values({ form: "career", receivedAt: new Date(Date.now() - 181 * day), fields: { name: "Old" }, eml: Buffer.from("message") })
        .returning({ id: leads.id });
      await database.db.insert(leadFiles).values({ leadId: old!.id, role: "resume", filename: "cv.pdf", contentType: "application/pdf", ...placed });
      expect(await files.storage!.get(placed.objectKey!)).toBeDefined();
      const job = startRetentionJob({ db: database.db, files, site: { current: { clientDir: "/nonexistent/client", cspHashes: {} } }, retentionDays: 180 });
      try {
        await vi.waitFor(async () => expect(await files.storage!.get(placed.objectKey!)).toBeUndefined(), { timeout: 10_000, interval: 50 });
      } finally {
        job.stop();
      }
      expect(await remaining()).toEqual([]);
    } finally {
      await bucket.close();
    }
  });

  it("thins the content history on the same schedule: saves older than 365 days go, each entry's newest stays, audited", async () => {
    /** A save of `slug` of the FAQ, `daysAgo` days before now. */
    const saved = async (slug: string, daysAgo: number) => {
      const { id } = await recordRevision(database.db, {
        actor: { name: "Editor" },
        entry: { kind: "collection", key: "faq", slug },
        action: "update",
        files: [{ path: `content/faq/${slug}.mdoc`, before: { text: `${daysAgo + 1}` }, after: { text: `${daysAgo}` } }],
        audit: { action: "content.save", detail: {} },
      });
      await database.db
        .update(contentRevisions)
        .set({ at: new Date(Date.now() - daysAgo * day) })
        .where(eq(contentRevisions.id, id));
      return id;
    };
    const oldest = await saved("moq", 400);
    const newestOfMoq = await saved("moq", 370);
    const onlyOfLeadTime = await saved("lead-time", 500);
    const recent = await saved("contact", 3);
    void oldest;
    const job = startRetentionJob({ db: database.db, site: { current: { clientDir: "/nonexistent/client", cspHashes: {} } } });
    try {
      await vi.waitFor(async () => expect(await listAudit(database.db, { action: "content.retention-delete" })).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      job.stop();
    }
    // Before the deletion, a snapshot of the working copy as the history says (decision 0177).
    const [snapshot, ...kept] = await listRevisions(database.db);
    expect(snapshot).toMatchObject({ entryKind: "files", entryKey: "snapshot", entrySlug: "working", action: "upload" });
    expect(kept.map((r) => r.id).sort((a, b) => a - b)).toEqual([newestOfMoq, onlyOfLeadTime, recent]);
    expect((await listAudit(database.db, { action: "content.retention-delete" }))[0]).toMatchObject({
      actorEmail: "system",
      detail: { count: 1, retentionDays: 365, snapshots: [snapshot!.id] },
    });
  });

  it("lets an administrator delete any lead on request, with an audit entry", async () => {
    const id = await lead("contact", 1);
    const admin = { id: "a1", email: "admin@example.com", name: "Admin", role: "admin" as const };
    expect(await deleteLeadOnRequest(database.db, id, admin)).toBe(true);
    expect(await remaining()).toEqual([]);
    expect((await listAudit(database.db, { action: "lead.delete" }))[0]).toMatchObject({
      actorEmail: "admin@example.com",
      target: `lead:${id}`,
      detail: { form: "contact" },
    });
    await expect(deleteLeadOnRequest(database.db, id, { ...admin, role: "sales" })).rejects.toThrow("only an administrator");
    expect(await deleteLeadOnRequest(database.db, id, admin)).toBe(false);
  });
});

describe("the retention period", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ssl-retention-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("is the environment's when set, else the served build's (the studio's value when it was built), else 180 days", async () => {
    const clientDir = join(dir, "client");
    expect(await retentionDaysFrom(clientDir)).toBe(180);
    await writeFile(join(dir, "server-settings.json"), JSON.stringify({ applicationRetentionDays: 90 }));
    expect(await retentionDaysFrom(clientDir)).toBe(90);
    expect(await retentionDaysFrom(clientDir, 30)).toBe(30);
    await writeFile(join(dir, "server-settings.json"), JSON.stringify({ applicationRetentionDays: "ninety" }));
    expect(await retentionDaysFrom(clientDir)).toBe(180);
  });
});
