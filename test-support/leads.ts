import { sql } from "drizzle-orm";
import { rows, type Database } from "../server/leads/db";
import type { LeadType, StaffUser } from "../server/staff/roles";

/** A lead written straight into the table (the inbox's tests do not need the mail endpoint). */
export async function insertLead(
  db: Database,
  { form, fields, receivedAt = new Date(), status = "new", reference = null }: { form: LeadType; fields: Record<string, string>; receivedAt?: Date; status?: string; reference?: string | null },
): Promise<number> {
  const [row] = await rows<{ id: number | string }>(
    db,
    sql`insert into leads (form, fields, eml, received_at, status, reference) values (${form}, ${JSON.stringify(fields)}::jsonb, ${Buffer.from("eml")}::bytea, ${receivedAt.toISOString()}::timestamptz, ${status}, ${reference}) returning id`,
  );
  return Number(row!.id);
}

export async function insertFile(db: Database, leadId: number, filename: string, content: Buffer, contentType = "application/pdf"): Promise<number> {
  const [row] = await rows<{ id: number | string }>(
    db,
    sql`insert into lead_files (lead_id, field, filename, content_type, content) values (${leadId}, 'attachment', ${filename}, ${contentType}, ${content}::bytea) returning id`,
  );
  return Number(row!.id);
}

export const staff = {
  admin: { id: "u-admin", email: "admin@ssl.test", name: "Ada Admin", role: "admin" },
  sales: { id: "u-sales", email: "sales@ssl.test", name: "Sam Sales", role: "sales" },
  hr: { id: "u-hr", email: "hr@ssl.test", name: "Hana HR", role: "hr" },
  editor: { id: "u-editor", email: "editor@ssl.test", name: "Eddie Editor", role: "editor" },
} satisfies Record<string, StaffUser>;
