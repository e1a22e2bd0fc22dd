import { sql } from "drizzle-orm";
import { afterAll, describe, expect, vi } from "vitest";
import { quotationSettingsDefaults } from "../../../app/lib/contracts/server-settings";
import { aboveTheStore, drivers, onBothDrivers } from "../../../test-support/databases";
import { formFields } from "../../../test-support/html-forms";
import { insertLead } from "../../../test-support/leads";
import { startTestObjectStorage } from "../../../test-support/object-storage";
import { harbourQuoteRequest, sendQuotationDraft } from "../../../test-support/quotations";
import type { TestBrowser } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { rows } from "../../db/db";
import { LeadFiles, moveFilesToObjectStorage, sha256Of } from "../../leads/files";
import { objectStorage, type ObjectStorage } from "../../platform/object-storage";
import { inboxWith } from "../inbox/routes";
import { quotationRenderer } from "./documents";
import { mountQuotations, quotationLeadSection } from "./routes";
import { quotationSender } from "./send";

// A sent quotation's PDF and its e-mail in the bucket (decision 0161, "Refined: the mail and the
// quotations' PDFs"): written there when sent, streamed back through the desk's role check, kept in
// the database when the bucket is down. Against s3rver.

describe.each(drivers)("a quotation's PDF in object storage, on %s", (driver) => {
  // What the store writes on both drivers; the desk's answers to a bucket down on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const settings = () => quotationSettingsDefaults;
  const render = quotationRenderer({ settings, logo: async () => undefined });
  let bucket: Awaited<ReturnType<typeof startTestObjectStorage>> | undefined;
  let storage: ObjectStorage;
  const { leads, signedIn } = staffSuite(driver, async () => {
    bucket = await startTestObjectStorage();
    storage = objectStorage(bucket.settings);
    return {
      desk: {
        files: new LeadFiles(storage, () => {}),
        routes: [
          inboxWith({ leadSections: [quotationLeadSection] }),
          mountQuotations({
            settings,
            pdf: render,
            send: (desk) => quotationSender({ desk, render, settings, origin: () => "https://www.ssl.example" }),
          }),
        ],
        mailFrom: "SSL website <website@ssl.example>",
        mailAddresses: { sales: "sales@ssl.example" },
      },
    };
  });
  afterAll(() => bucket?.close());

  const editorPath = (id: number) => `/staff/leads/${id}/quotation`;
  async function sendV1(): Promise<{ id: number; sales: TestBrowser }> {
    const id = await insertLead(leads.db, { form: "quote", fields: harbourQuoteRequest(), reference: "Q-2026-00042" });
    const sales = await signedIn("sales");
    expect((await sales.post(`${editorPath(id)}/draft`, {})).status).toBe(303);
    const form = { ...formFields(await (await sales.request(editorPath(id))).text(), editorPath(id)), "line-0-price": "9.25", "line-1-price": "6.40" };
    expect((await sendQuotationDraft(sales, id, form)).response.status).toBe(303);
    return { id, sales };
  }
  /** v1 sent while the bucket is down (it is up again after). */
  async function sendV1WithTheBucketDown() {
    await bucket!.stop();
    try {
      return await sendV1();
    } finally {
      await bucket!.start();
    }
  }
  type Stored = { pdf: Uint8Array | null; pdf_key: string | null; pdf_size: number | string | null; pdf_sha256: string | null };
  const storedPdf = async (id: number) =>
    (await rows<Stored>(leads.db, sql`select pdf, pdf_key, pdf_size, pdf_sha256 from quotations where lead_id = ${id} and version = 1`))[0]!;
  const bytesOf = async (key: string) => Buffer.from(await new Response((await storage.get(key))!.body).arrayBuffer());

  onBothDrivers("a sent version's PDF, its e-mail and the e-mail's attachment land in the bucket, and the PDF comes back through the desk", async () => {
    const { id, sales } = await sendV1();
    const stored = await storedPdf(id);
    expect(stored.pdf).toBeNull();
    expect(stored.pdf_key).toMatch(/^quotation-pdfs\/[A-Za-z0-9_-]{32}$/);
    const inBucket = await bytesOf(stored.pdf_key!);
    expect(inBucket.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Number(stored.pdf_size)).toBe(inBucket.byteLength);
    expect(stored.pdf_sha256).toBe(sha256Of(inBucket));

    const [job] = await rows<{ eml: Uint8Array | null; eml_key: string | null }>(
      leads.db,
      sql`select eml, eml_key from mail_jobs where lead_id = ${id} and kind like 'quotation:%'`,
    );
    expect(job!.eml).toBeNull();
    expect(job!.eml_key).toMatch(/^mail-jobs\//);
    expect((await bytesOf(job!.eml_key!)).toString()).toContain("Q-2026-00042-v1.pdf");
    const [attachment] = await rows<{ content: Uint8Array | null; object_key: string | null }>(
      leads.db,
      sql`select content, object_key from lead_files where lead_id = ${id}`,
    );
    expect(attachment!.content).toBeNull();
    expect(await bytesOf(attachment!.object_key!)).toEqual(inBucket);

    const download = await sales.request(`${editorPath(id)}/v1.pdf`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-length")).toBe(String(inBucket.byteLength));
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="Q-2026-00042-v1.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(inBucket);
    // Through the desk's role check only: a role that may not see quote requests gets nothing.
    const hr = await signedIn("hr");
    expect((await hr.request(`${editorPath(id)}/v1.pdf`)).status).not.toBe(200);
  });

  it("the bucket down: the desk answers 503 with Retry-After and the reason, nothing audited; the PDF is there again once the bucket is back", async () => {
    const { id, sales } = await sendV1();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await bucket!.stop();
    try {
      const refused = await sales.request(`${editorPath(id)}/v1.pdf`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(await refused.text()).toContain("Nothing is lost: try again in a minute.");
      expect(await rows(leads.db, sql`select 1 from staff_audit where action = 'quotation.pdf'`)).toEqual([]);
    } finally {
      await bucket!.start();
      vi.mocked(console.error).mockRestore();
    }
    const again = await sales.request(`${editorPath(id)}/v1.pdf`);
    expect(again.status).toBe(200);
    expect(
      Buffer.from(await again.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("the bucket down when a version is sent: the version is sent with its PDF and e-mail kept in the database, and downloads as always", async () => {
    const sent = await sendV1WithTheBucketDown();
    const stored = await storedPdf(sent.id);
    expect(stored.pdf_key).toBeNull();
    expect(Buffer.from(stored.pdf!).subarray(0, 5).toString()).toBe("%PDF-");
    const [job] = await rows<{ eml: Uint8Array | null; eml_key: string | null }>(
      leads.db,
      sql`select eml, eml_key from mail_jobs where lead_id = ${sent.id} and kind like 'quotation:%'`,
    );
    expect(job!.eml_key).toBeNull();
    expect(job!.eml).not.toBeNull();
    const download = await sent.sales.request(`${editorPath(sent.id)}/v1.pdf`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(stored.pdf!));
  });

  it("the move command takes a PDF, its e-mail and attachment kept in the database to the bucket, once; the PDF then downloads from there", async () => {
    const sent = await sendV1WithTheBucketDown();
    const before = Buffer.from((await storedPdf(sent.id)).pdf!);
    const moved: string[] = [];
    const first = await moveFilesToObjectStorage(leads.db, storage, { onMoved: (_id, kind) => moved.push(kind) });
    expect(first).toEqual({ moved: moved.length, failed: 0, stopped: false });
    expect(moved.filter((kind) => kind !== "lead-mail")).toEqual(["file", "mail-job", "quotation-pdf"]);
    expect(await moveFilesToObjectStorage(leads.db, storage)).toEqual({ moved: 0, failed: 0, stopped: false });
    const after = await storedPdf(sent.id);
    expect(after.pdf).toBeNull();
    expect(await bytesOf(after.pdf_key!)).toEqual(before);
    const download = await sent.sales.request(`${editorPath(sent.id)}/v1.pdf`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(before);
  });
});
