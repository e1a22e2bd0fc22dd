import { sql, type SQL } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { leadReference } from "./inbox";
import { contentOf, fieldText } from "./lead-record";
import type { QuotationStatus } from "./quotations";

// What the quotations pipeline (decision 0115, server/staff/pipeline.ts computes its figures) and the
// morning digest's "quotations expiring within 7 days" read: sent versions with their lead's facts.

/** A line as the figures need it: where it came from, and its amount's parts (minor units, exact). */
export type PipelineLine = { productRef: string; quantity: number; unitPriceMinor: bigint | null; currency: string };

/** A sent version of a quotation (never a draft), with its lead's reference, arrival, buyer and assignee. */
export type PipelineQuotation = {
  id: number;
  leadId: number;
  reference: string;
  version: number;
  status: QuotationStatus;
  sentAt: Date;
  respondedAt: Date | null;
  /** The last day the prices hold (YYYY-MM-DD, UTC: decision 0110). */
  validUntil: string;
  /** When the lead's request arrived. */
  requestedAt: Date;
  buyer: { name: string; company: string; country: string };
  assigneeId: string | null;
  lines: PipelineLine[];
};

export type SentVersionRow = Row;

type Row = {
  id: number | string;
  lead_id: number | string;
  version: number | string;
  status: QuotationStatus;
  sent_at: Date | string;
  responded_at: Date | string | null;
  valid_until: string;
  reference: string | null;
  received_at: Date | string;
  source: string;
  fields: unknown;
  assignee_id: string | null;
  lines: { product_ref: string; quantity: number; unit_price_minor: string | null; currency: string }[] | string | null;
};

/** A row of `selectSentVersions` as a sent version. */
export function toPipelineQuotation(row: Row): PipelineQuotation {
  const content = contentOf("quote", row.source, row.fields);
  const lines = typeof row.lines === "string" ? (JSON.parse(row.lines) as Exclude<Row["lines"], string>) : row.lines;
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    reference: leadReference(Number(row.lead_id), row.reference),
    version: Number(row.version),
    status: row.status,
    sentAt: new Date(row.sent_at),
    respondedAt: row.responded_at === null ? null : new Date(row.responded_at),
    validUntil: String(row.valid_until).slice(0, 10),
    requestedAt: new Date(row.received_at),
    buyer: { name: fieldText(content, "name"), company: fieldText(content, "company"), country: fieldText(content, "country") },
    assigneeId: row.assignee_id,
    lines: (lines ?? []).map((l) => ({
      productRef: l.product_ref,
      quantity: Number(l.quantity),
      unitPriceMinor: l.unit_price_minor === null ? null : BigInt(l.unit_price_minor),
      currency: l.currency,
    })),
  };
}

/** Sent versions of quote leads matching `where` (q the version, l its lead), oldest sent first, as rows of `toPipelineQuotation`. */
export const selectSentVersions = (
  where: SQL,
) => sql`select q.id, q.lead_id, q.version, q.status, q.sent_at, q.responded_at, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until,
    l.reference, l.received_at, l.source, l.fields, l.assignee_id,
    (select coalesce(jsonb_agg(jsonb_build_object('product_ref', ql.product_ref, 'quantity', ql.quantity, 'unit_price_minor', ql.unit_price_minor::text,
        'currency', ql.currency) order by ql.position), '[]'::jsonb) from quotation_lines ql where ql.quotation_id = q.id) as lines
  from quotations q join leads l on l.id = q.lead_id
  where l.form = 'quote' and q.version is not null and q.sent_at is not null and (${where})
  order by q.sent_at, q.id`;

/**
 * Every sent version of the quote leads with any quotation activity since `from` (a version sent or
 * answered since then) or a version still open: the earlier versions come along, so a lead's first
 * quotation and its newest version are both there.
 */
export async function pipelineQuotations(db: Database, { from }: { from: Date }): Promise<PipelineQuotation[]> {
  const since = from.toISOString();
  const found = await rows<Row>(
    db,
    selectSentVersions(sql`q.lead_id in (select v.lead_id from quotations v where v.version is not null
      and (v.sent_at >= ${since}::timestamptz or v.responded_at >= ${since}::timestamptz or v.status = 'sent'))`),
  );
  return found.map(toPipelineQuotation);
}

/**
 * The versions still open — sent, not answered, not revoked, not superseded — whose last valid day
 * lies between `from` and `through` (YYYY-MM-DD, both included): the digest's quotations expiring soon.
 */
export async function openQuotationsValidUntil(db: Database, { from, through }: { from: string; through: string }): Promise<PipelineQuotation[]> {
  const found = await rows<Row>(
    db,
    selectSentVersions(sql`q.status = 'sent' and q.revoked_at is null and q.valid_until between ${from}::date and ${through}::date`),
  );
  return found.map(toPipelineQuotation).sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.id - b.id);
}
