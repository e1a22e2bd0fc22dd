import { sql } from "drizzle-orm";
import { leadFieldsSchemas, type LeadFields, type LeadKind } from "../app/lib/contracts/leads";
import { rows, type Database } from "../server/db/db";
import type { StaffUser } from "../server/staff/roles";

/**
 * A lead written straight into the table (the inbox's tests do not need the forms' endpoints), its
 * fields in the stored shape of its kind (app/lib/contracts/leads.ts): those not given are "".
 */
export async function insertLead<K extends LeadKind>(
  db: Database,
  {
    form,
    fields,
    receivedAt = new Date(),
    status = "new",
    reference = null,
  }: { form: K; fields: Partial<LeadFields[K]>; receivedAt?: Date; status?: string; reference?: string | null },
): Promise<number> {
  const stored = leadFieldsSchemas[form].parse(fields);
  const [row] = await rows<{ id: number | string }>(
    db,
    sql`insert into leads (form, fields, eml, received_at, status, reference) values (${form}, ${JSON.stringify(stored)}::jsonb, ${Buffer.from("eml")}::bytea, ${receivedAt.toISOString()}::timestamptz, ${status}, ${reference}) returning id`,
  );
  return Number(row!.id);
}

/** A file of a lead: an application's resume, else an attachment, after the lead's others. */
export async function insertFile(db: Database, leadId: number, filename: string, content: Buffer, contentType = "application/pdf"): Promise<number> {
  const [row] = await rows<{ id: number | string }>(
    db,
    sql`insert into lead_files (lead_id, role, position, filename, content_type, content)
        select ${leadId}, case when l.form = 'career' then 'resume' else 'attachment' end, (select count(*) from lead_files f where f.lead_id = l.id), ${filename}, ${contentType}, ${content}::bytea
        from leads l where l.id = ${leadId} returning id`,
  );
  return Number(row!.id);
}

export const staff = {
  admin: { id: "u-admin", email: "admin@ssl.test", name: "Ada Admin", role: "admin" },
  sales: { id: "u-sales", email: "sales@ssl.test", name: "Sam Sales", role: "sales" },
  hr: { id: "u-hr", email: "hr@ssl.test", name: "Hana HR", role: "hr" },
  editor: { id: "u-editor", email: "editor@ssl.test", name: "Eddie Editor", role: "editor" },
} satisfies Record<string, StaffUser>;

export type FixtureQuotationLine = { productRef?: string; product?: string; quantity: number; unitPriceMinor: bigint | null; currency: string };

/**
 * A sent version of a quotation written straight into the tables (pipeline and digest tests need
 * versions at known times and in every status, which the desk's and the buyer's steps make only
 * through their e-mails and PDFs): its lines in order, its status and times as given.
 */
export async function insertQuotation(
  db: Database,
  {
    leadId,
    version,
    status,
    sentAt,
    validUntil,
    respondedAt = null,
    revokedAt = null,
    lines,
  }: {
    leadId: number;
    version: number;
    status: string;
    sentAt: Date;
    validUntil: string;
    respondedAt?: Date | null;
    revokedAt?: Date | null;
    lines: FixtureQuotationLine[];
  },
): Promise<number> {
  const [row] = await rows<{ id: number | string }>(
    db,
    sql`insert into quotations (lead_id, version, status, valid_until, created_by_id, created_by_name, sent_at, sent_by_id, sent_by_name, responded_at, revoked_at)
        values (${leadId}, ${version}, ${status}, ${validUntil}::date, 'u-sales', 'Sam Sales', ${sentAt.toISOString()}::timestamptz, 'u-sales', 'Sam Sales',
          ${respondedAt?.toISOString() ?? null}::timestamptz, ${revokedAt?.toISOString() ?? null}::timestamptz) returning id`,
  );
  const id = Number(row!.id);
  for (const [position, line] of lines.entries()) {
    await db.execute(
      sql`insert into quotation_lines (quotation_id, position, product_ref, product, quantity, unit_price_minor, currency)
          values (${id}, ${position}, ${line.productRef ?? ""}, ${line.product ?? line.productRef ?? "Product"}, ${line.quantity}, ${line.unitPriceMinor?.toString() ?? null}::bigint, ${line.currency})`,
    );
  }
  return id;
}
