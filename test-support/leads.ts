import { sql } from "drizzle-orm";
import { localMailIds } from "../app/lib/contracts/form-endpoint";
import { leadFieldsSchemas, type CareerLead, type LeadFields, type LeadKind, type QuoteLead } from "../app/lib/contracts/leads";
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

/** 1,500 hoodies in dollars, as the quote form sends a product. */
export const requestedHoodies = { product: "men/hoodie", quantity: 1500, colours: 3, sizes: "S-XL", targetPrice: "", currency: "USD", notes: "" };

/**
 * One customer's leads for the customer view's tests (decision 0149): Sofia Rossi's contact, her quote
 * (won; v1 superseded, v2 accepted) and her application, each with her address in another case, and
 * her colleague Marco's quote from the same company spelt in another case and spacing.
 */
export async function insertSofiasLeads(db: Database): Promise<{ contact: number; quote: number; career: number; colleague: number }> {
  const contact = await insertLead(db, {
    form: "contact",
    reference: "C-2026-00101",
    fields: { name: "Sofia Rossi", email: "Sofia.Rossi@Acme.example", subject: "Your knitwear range", message: "Do you make cardigans?" },
    receivedAt: new Date("2026-03-01T10:00:00Z"),
  });
  const quote = await insertLead(db, {
    form: "quote",
    reference: "Q-2026-00102",
    status: "won",
    fields: { name: "Sofia Rossi", email: "sofia.rossi@acme.example", company: "Acme  Trading Ltd", country: "IT", products: [requestedHoodies] },
    receivedAt: new Date("2026-03-05T10:00:00Z"),
  });
  const career = await insertLead(db, {
    form: "career",
    reference: "A-2026-00103",
    fields: { name: "Sofia Rossi", email: "SOFIA.ROSSI@acme.example", phone: "+39", position: "Merchandiser" },
    receivedAt: new Date("2026-03-06T10:00:00Z"),
  });
  const colleague = await insertLead(db, {
    form: "quote",
    reference: "Q-2026-00104",
    fields: { name: "Marco Bianchi", email: "marco@acme.example", company: "ACME trading LTD", country: "IT", products: [requestedHoodies] },
    receivedAt: new Date("2026-03-07T10:00:00Z"),
  });
  await insertQuotation(db, {
    leadId: quote,
    version: 1,
    status: "superseded",
    sentAt: new Date("2026-03-06T09:00:00Z"),
    validUntil: "2026-04-06",
    lines: [{ quantity: 1500, unitPriceMinor: 925n, currency: "USD" }],
  });
  await insertQuotation(db, {
    leadId: quote,
    version: 2,
    status: "accepted",
    sentAt: new Date("2026-03-07T09:00:00Z"),
    validUntil: "2026-04-07",
    respondedAt: new Date("2026-03-08T09:00:00Z"),
    lines: [
      { quantity: 1500, unitPriceMinor: 890n, currency: "USD" },
      { quantity: 200, unitPriceMinor: null, currency: "USD" },
    ],
  });
  return { contact, quote, career, colleague };
}

/** A typed quote request as the intake hands it to the store (one product, no attachments), for the store's tests. */
export const typedQuoteLead: QuoteLead = {
  kind: "quote",
  reference: "",
  name: "Anna Berg",
  email: "anna@nordic.example",
  company: "Nordic Retail AB",
  phone: "",
  country: "SE",
  buyerType: "retailer",
  incoterm: "FOB",
  destination: "Gothenburg",
  deliveryMonth: "2027-03",
  paymentMode: "LC",
  message: "",
  products: [{ product: "men/tshirt", quantity: 1500, colours: 3, sizes: "S-XL", targetPrice: "", currency: "USD", notes: "" }],
  attachments: [],
};

/** Job application number `n` with its small resume (its bytes differ by `n`: each is a new lead and a new file). */
export const numberedApplication = (n = 0): CareerLead => ({
  kind: "career",
  name: `Rahim Uddin ${n}`,
  email: "rahim@example.com",
  phone: "+880 1711-000000",
  position: "QC Inspector",
  coverLetter: "Ten years in knitwear QC.",
  resume: { filename: `rahim-${n}.pdf`, contentType: "application/pdf", content: Buffer.from(`%PDF-1.4 resume of Rahim #${n}`) },
});

/**
 * Rahim's job application as the career form sends it to POST /api/v1.0/email/send (EmailJS's JSON),
 * `resume` attached as a PDF named `filename`; `params` changes the form's fields.
 */
export function careerApplicationBody(resume: Uint8Array, filename: string, params: Record<string, string> = {}): string {
  return JSON.stringify({
    lib_version: "4.4.1",
    user_id: localMailIds.publicKey,
    service_id: localMailIds.serviceId,
    template_id: localMailIds.templates.career,
    template_params: {
      name: "Rahim Uddin",
      email: "rahim@example.com",
      phone: "+880 1711-000000",
      position: "Merchandiser",
      coverLetter: "Five years of knitwear.",
      attachment: `data:application/pdf;base64,${Buffer.from(resume).toString("base64")}`,
      attachment_filename: filename,
      ...params,
    },
  });
}
