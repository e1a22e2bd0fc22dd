import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CareerLead } from "../../../app/lib/contracts/leads";
import { rows } from "../../db/db";
import { LeadFiles } from "../../leads/files";
import { LeadStore } from "../../leads/store";
import { objectStorage } from "../../platform/object-storage";
import type { AuditEntry } from "../audit";
import { testDatabasePerFile } from "../../../test-support/databases";
import { inboxTestRoutes } from "../../../test-support/inbox";
import { staff } from "../../../test-support/leads";
import { pullCountedStorage, startTestObjectStorage } from "../../../test-support/object-storage";

const application = (content: Buffer): CareerLead => ({
  kind: "career",
  name: "Rahim Uddin",
  email: "rahim@mail.test",
  phone: "+8801711000000",
  position: "Merchandiser",
  coverLetter: "Five years in woven garments.",
  resume: { filename: "rahim cv.pdf", contentType: "application/pdf", content },
});

// Above the store (decision 0143): the desk's download of a file in the bucket, on PGlite.
describe("a lead's file in object storage, downloaded from the desk", () => {
  const handle = testDatabasePerFile("PGlite");
  let bucket: Awaited<ReturnType<typeof startTestObjectStorage>>;
  let files: LeadFiles;
  let audit: AuditEntry[];

  const app = () => inboxTestRoutes(handle.db, { files, recordAudit: async (_c, entry) => void audit.push(entry) });
  const get = (path: string, who: keyof typeof staff) => app().request(path, { headers: { "x-test-staff": who } });

  /** A job application stored through the store with its resume in the bucket: the download's path. */
  async function storedApplication(resume: Buffer) {
    const { id } = await new LeadStore(handle.db, { files }).accept(application(resume), { eml: Buffer.from("Subject: application\r\n\r\n") });
    const [file] = await rows<{ id: number | string; object_key: string | null }>(handle.db, sql`select id, object_key from lead_files where lead_id = ${id}`);
    expect(file!.object_key).not.toBeNull();
    return `/staff/leads/${id}/files/${Number(file!.id)}`;
  }

  beforeAll(async () => {
    bucket = await startTestObjectStorage();
    files = new LeadFiles(objectStorage(bucket.settings));
  });
  afterAll(() => bucket?.close());
  beforeEach(async () => {
    files = new LeadFiles(objectStorage(bucket.settings));
    audit = [];
    await bucket.start();
  });

  it("streams the file from the bucket to a role that may see the lead, as a download, with its audit entry", async () => {
    const resume = Buffer.from("%PDF-1.4 <script>alert(1)</script>");
    const path = await storedApplication(resume);
    const file = await get(path, "hr");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="rahim cv.pdf"; filename*=UTF-8''rahim%20cv.pdf`);
    expect(file.headers.get("content-length")).toBe(String(resume.byteLength));
    expect(Buffer.from(await file.arrayBuffer())).toEqual(resume);
    expect(audit).toEqual([{ actor: staff.hr, action: "lead.file", target: expect.stringMatching(/^lead:\d+$/), detail: { file: "rahim cv.pdf" } }]);
  });

  it("a role that may not see job applications is told there is no such lead, as before", async () => {
    const path = await storedApplication(Buffer.from("%PDF-1.4 resume"));
    const refused = await get(path, "sales");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("There is no such lead.");
    expect(audit).toEqual([]);
  });

  it("the bucket down: 503 saying to try again, no download recorded; back up, the file downloads", async () => {
    const resume = Buffer.from("%PDF-1.4 resume kept safe");
    const path = await storedApplication(resume);
    await bucket.stop();
    const down = await get(path, "hr");
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("60");
    const text = await down.text();
    expect(text).toContain("This file cannot be fetched just now");
    expect(text).toContain("Nothing is lost: try again in a minute.");
    expect(audit).toEqual([]);
    await bucket.start();
    expect(Buffer.from(await (await get(path, "hr")).arrayBuffer())).toEqual(resume);
  });

  it("a large file is streamed: the desk pulls from the bucket only as fast as the download is read", async () => {
    const size = 48 * 1024 * 1024;
    const path = await storedApplication(Buffer.alloc(size, 7));
    // The real bucket, with the bytes the desk has pulled from it counted as they pass.
    const counted = pullCountedStorage(objectStorage(bucket.settings));
    files = new LeadFiles(counted.storage);
    const response = await get(path, "hr");
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Read whole first, all 48 MB would have been pulled before the first byte went out.
    expect(counted.pulled()).toBeLessThan(8 * 1024 * 1024);
    let received = first.value!.byteLength;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.byteLength;
    expect(received).toBe(size);
    expect(counted.pulled()).toBe(size);
  });
});
