import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CareerLead } from "../../app/lib/contracts/leads";
import { openLeadsDatabase, rows } from "../../server/db/db";
import { recordRevision } from "../../server/leads/content-history";
import { LeadStore } from "../../server/leads/store";
import { startTestObjectStorage } from "../../test-support/object-storage";

/** `npm run files:move-to-object-storage` as an operator runs it, on an embedded database in `dataDir`. */
function moveFiles(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/files/move-to-object-storage.ts"],
      { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** A JPEG's first bytes and a little more. */
const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 7)]);

const application = (n: number): CareerLead => ({
  kind: "career",
  name: `Applicant ${n}`,
  email: `applicant${n}@mail.test`,
  phone: "+8801711000000",
  position: "Merchandiser",
  coverLetter: "",
  resume: { filename: `cv-${n}.pdf`, contentType: "application/pdf", content: Buffer.from(`%PDF-1.4 resume ${n}`) },
});

describe("npm run files:move-to-object-storage", () => {
  let dataDir: string;
  let bucket: Awaited<ReturnType<typeof startTestObjectStorage>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "ssl-move-files-"));
    bucket = await startTestObjectStorage();
  });
  afterAll(async () => {
    await bucket?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses to run without a bucket, naming the variables", async () => {
    const { code, stderr } = await moveFiles({ DATA_DIR: dataDir });
    expect(code).toBe(2);
    expect(stderr).toContain("OBJECT_STORAGE_ENDPOINT, OBJECT_STORAGE_BUCKET and the key pair are not set");
    // The script starts in a Node of its own that compiles it first (tsx): on the loaded 2-core
    // machine that alone has passed the 20 s limit, so the test waits as long as moveFiles does.
  }, 90_000);

  it("moves the embedded database's files to the bucket, and finds nothing more to move when run again", async () => {
    const leads = await openLeadsDatabase({ dataDir });
    try {
      const store = new LeadStore(leads.db);
      for (const n of [1, 2, 3]) await store.accept(application(n), { eml: Buffer.from("Subject: application\r\n\r\n") });
      // A photo the studio saved into the content history (decision 0161, the content photos' originals).
      await recordRevision(leads.db, {
        actor: { name: "Editor" },
        entry: { kind: "collection", key: "products", slug: "hoodie" },
        action: "upload",
        files: [
          { path: "content/products/media/hoodie/front.jpg", before: null, after: { bytes: photo, sha256: createHash("sha256").update(photo).digest("hex") } },
        ],
        audit: { action: "content.upload", detail: {} },
      });
    } finally {
      await leads.close();
    }
    const env = {
      DATA_DIR: dataDir,
      OBJECT_STORAGE_ENDPOINT: bucket.settings.endpoint,
      OBJECT_STORAGE_BUCKET: bucket.settings.bucket,
      OBJECT_STORAGE_ACCESS_KEY_ID: bucket.settings.accessKeyId,
      OBJECT_STORAGE_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
    };
    const first = await moveFiles(env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    // Three resumes, the three leads' own .eml and the photo (decision 0161, the mail and the photos in the bucket too).
    expect(first.stdout).toContain("moved content photo");
    expect(first.stdout).toContain("7 files moved, 0 failed; 0 deleted files removed from the bucket");
    const again = await moveFiles(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 files moved, 0 failed");

    const after = await openLeadsDatabase({ dataDir });
    try {
      const files = await rows<{ content: Uint8Array | null; object_key: string | null }>(
        after.db,
        sql`select content, object_key from lead_files order by id`,
      );
      expect(files.map((f) => [f.content, f.object_key !== null])).toEqual([
        [null, true],
        [null, true],
        [null, true],
      ]);
      const messages = await rows<{ eml: Uint8Array | null; eml_key: string | null }>(after.db, sql`select eml, eml_key from leads order by id`);
      expect(messages.map((m) => [m.eml, m.eml_key !== null])).toEqual([
        [null, true],
        [null, true],
        [null, true],
      ]);
      const photos = await rows<{ bytes: Uint8Array | null; object_key: string | null }>(after.db, sql`select bytes, object_key from content_blobs`);
      expect(photos.map((p) => [p.bytes, p.object_key !== null])).toEqual([[null, true]]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
