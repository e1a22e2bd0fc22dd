import { createHash, randomBytes } from "node:crypto";
import { inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { QuoteFields } from "../../app/lib/contracts/leads";
import { isCurrency } from "../../app/lib/contracts/money";
import { outgoingMessageParts, placeReply, type OutgoingReply } from "./conversations";
import { sha256Of, type LeadFiles, type PlacedFile, type StoredBytes } from "./files";
import { rows, type Database } from "../db/db";
import { leads } from "../db/schema";
import { leadReference, type Actor } from "./inbox";
import { contentOf } from "./lead-record";
import { closedStatusesOf } from "./workflow";

// Quotations on quote leads (decision 0110): the desk's draft, the versions sent and the
// buyer's answers. Every change is one statement (the embedded database takes one message per query,
// decision 0041): what must happen together — a version sent, the earlier ones superseded, the lead's
// status, its history row and its e-mail — is written by one statement or not at all.
// An accepted version is a promise kept (decision 0137): it stays accepted. A version sent after an
// acceptance is a revision of it, sent only with a reason, and the lead stays accepted.

export const quotationStatuses = ["draft", "sent", "superseded", "accepted", "changes_requested", "declined", "expired", "revoked"] as const;
export type QuotationStatus = (typeof quotationStatuses)[number];

/** The terms of the whole quotation. `validUntil` is the last day (YYYY-MM-DD, UTC) its prices hold. */
export type QuotationTerms = {
  incoterm: string;
  namedPlace: string;
  paymentTerms: string;
  leadTime: string;
  validUntil: string;
  sampleTerms: string;
  terms: string;
};

export type QuotationLine = {
  /** {family}/{item} when the line came from the request; "" for a line staff added. */
  productRef: string;
  product: string;
  quantity: number;
  colours: number;
  sizes: string;
  /** In minor units of `currency`; null while not priced. */
  unitPriceMinor: bigint | null;
  currency: string;
  notes: string;
  /** Lower unit prices from larger quantities (decision 0156): an offer beside the line, never in its amount or the totals. */
  breaks: PriceBreak[];
};

/**
 * From `minQuantity` pieces, `unitPriceMinor` per piece (minor units of the line's currency). A line's
 * breaks are above its quantity and in increasing quantities; a price higher than the one before is
 * allowed (decision 0156).
 */
export type PriceBreak = { minQuantity: number; unitPriceMinor: bigint };

/** How many price breaks a line takes (the table's check says the same). */
export const maxPriceBreaks = 4;

/** Whether a line's breaks are as the store keeps them: at most four, each above the line's quantity and the break before it. */
export function breaksInOrder(line: Pick<QuotationLine, "quantity" | "breaks">): boolean {
  return (
    line.breaks.length <= maxPriceBreaks &&
    line.breaks.every(
      (b, i) => Number.isInteger(b.minQuantity) && b.minQuantity > (i === 0 ? line.quantity : line.breaks[i - 1]!.minQuantity) && b.unitPriceMinor >= 0n,
    )
  );
}

export type Quotation = QuotationTerms & {
  id: number;
  leadId: number;
  /** 1, 2 … once sent; null for the draft. */
  version: number | null;
  status: QuotationStatus;
  createdAt: Date;
  createdByName: string;
  sentAt: Date | null;
  sentByName: string | null;
  revokedAt: Date | null;
  respondedAt: Date | null;
  responderName: string | null;
  responderPosition: string | null;
  responderAddress: string | null;
  responseMessage: string | null;
  /** Why staff revise the accepted version (decision 0137): typed in the draft, kept by the version sent; null otherwise. */
  revisionReason: string | null;
  /** The accepted version this one revises (set when sent); null when it revises none. */
  revisesVersion: number | null;
  lines: QuotationLine[];
};

/**
 * What a new draft takes from the content when there is no earlier version to copy: `paymentTerms`
 * only when the request names no payment mode, `paymentModes` the quote form's words for each.
 */
export type QuotationDefaults = {
  validityDays: number;
  paymentTerms: string;
  sampleTerms: string;
  terms: string;
  currency: string;
  paymentModes?: Readonly<Record<string, string>>;
};

/**
 * The place an Incoterm 2020 names (decision 0138): the seller's place of delivery or port of
 * shipment (EXW, FCA, FAS, FOB), the port of destination (CFR, CIF) or the place of destination
 * (CPT, CIP, DAP, DPU, DDP); undefined for none or another word.
 */
export function placeNamedBy(incoterm: string): "shipment" | "destination port" | "destination place" | undefined {
  if (["EXW", "FCA", "FAS", "FOB"].includes(incoterm)) return "shipment";
  if (["CFR", "CIF"].includes(incoterm)) return "destination port";
  if (["CPT", "CIP", "DAP", "DPU", "DDP"].includes(incoterm)) return "destination place";
  return undefined;
}

/**
 * The named place a first draft starts with: the buyer's destination where the Incoterm names the
 * destination; where it names our place of shipment, `shipmentPlace` (the content has none yet: then
 * empty, for sales to write, never the buyer's destination); with no Incoterm, none.
 */
export function namedPlaceFor(incoterm: string, destination: string, shipmentPlace = ""): string {
  const place = placeNamedBy(incoterm);
  return place === "shipment" ? shipmentPlace : place ? destination : "";
}

/** "Q-2026-00042 v2": how the PDF, the page, the e-mail and the history name a version. */
export const versionLabel = (reference: string, version: number) => `${reference} v${version}`;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC day `days` after `date` (YYYY-MM-DD). */
export function dayAfter(date: Date, days: number): string {
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days)));
}

/** A version is past its validity from the day after its last valid day (UTC). */
export const isPastValidity = (validUntil: string, now: Date) => dayOf(now) > validUntil;

type QuotationRow = {
  id: number | string;
  lead_id: number | string;
  version: number | null;
  status: QuotationStatus;
  incoterm: string;
  named_place: string;
  payment_terms: string;
  lead_time: string;
  valid_until: string;
  sample_terms: string;
  terms: string;
  created_at: Date | string;
  created_by_name: string;
  sent_at: Date | string | null;
  sent_by_name: string | null;
  revoked_at: Date | string | null;
  responded_at: Date | string | null;
  responder_name: string | null;
  responder_position: string | null;
  responder_address: string | null;
  response_message: string | null;
  revision_reason: string | null;
  revises_version: number | string | null;
  lines: LineRow[] | string | null;
};
type LineRow = {
  product_ref: string;
  product: string;
  quantity: number;
  colours: number;
  sizes: string;
  unit_price_minor: string | null;
  currency: string;
  notes: string;
  breaks: { min_quantity: number; unit_price_minor: string }[] | null;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function toQuotation(row: QuotationRow): Quotation {
  const lines: LineRow[] = typeof row.lines === "string" ? JSON.parse(row.lines) : (row.lines ?? []);
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    version: row.version === null ? null : Number(row.version),
    status: row.status,
    incoterm: row.incoterm,
    namedPlace: row.named_place,
    paymentTerms: row.payment_terms,
    leadTime: row.lead_time,
    validUntil: String(row.valid_until).slice(0, 10),
    sampleTerms: row.sample_terms,
    terms: row.terms,
    createdAt: new Date(row.created_at),
    createdByName: row.created_by_name,
    sentAt: dateOrNull(row.sent_at),
    sentByName: row.sent_by_name,
    revokedAt: dateOrNull(row.revoked_at),
    respondedAt: dateOrNull(row.responded_at),
    responderName: row.responder_name,
    responderPosition: row.responder_position,
    responderAddress: row.responder_address,
    responseMessage: row.response_message,
    revisionReason: row.revision_reason,
    revisesVersion: row.revises_version === null ? null : Number(row.revises_version),
    lines: lines.map((l) => ({
      productRef: l.product_ref,
      product: l.product,
      quantity: Number(l.quantity),
      colours: Number(l.colours),
      sizes: l.sizes,
      unitPriceMinor: l.unit_price_minor === null ? null : BigInt(l.unit_price_minor),
      currency: l.currency,
      notes: l.notes,
      breaks: (l.breaks ?? []).map((b) => ({ minQuantity: Number(b.min_quantity), unitPriceMinor: BigInt(b.unit_price_minor) })),
    })),
  };
}

/** A quotation's columns with its lines in order, each with its price breaks in order, as JSON (bigint amounts as text: exact). */
const selectQuotation = sql`select q.id, q.lead_id, q.version, q.status, q.incoterm, q.named_place, q.payment_terms, q.lead_time,
    to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, q.sample_terms, q.terms, q.created_at, q.created_by_name, q.sent_at, q.sent_by_name,
    q.revoked_at, q.responded_at, q.responder_name, q.responder_position, q.responder_address, q.response_message,
    q.revision_reason, q.revises_version,
    (select coalesce(jsonb_agg(jsonb_build_object('product_ref', l.product_ref, 'product', l.product, 'quantity', l.quantity, 'colours', l.colours,
        'sizes', l.sizes, 'unit_price_minor', l.unit_price_minor::text, 'currency', l.currency, 'notes', l.notes,
        'breaks', (select coalesce(jsonb_agg(jsonb_build_object('min_quantity', b.min_quantity, 'unit_price_minor', b.unit_price_minor::text)
          order by b.position), '[]'::jsonb) from quotation_line_breaks b where b.line_id = l.id)) order by l.position), '[]'::jsonb)
      from quotation_lines l where l.quotation_id = q.id) as lines
  from quotations q`;

/** A lead's quotations: the draft first, then the versions, newest first. */
export async function quotationsOfLead(db: Database, leadId: number): Promise<Quotation[]> {
  const found = await rows<QuotationRow>(db, sql`${selectQuotation} where q.lead_id = ${leadId} order by q.version desc nulls first`);
  return found.map(toQuotation);
}

/** The lines as one JSON parameter, read back by jsonb_to_recordset in the writing statement. */
const linesJson = (lines: readonly QuotationLine[]) =>
  JSON.stringify(
    lines.map((l, position) => ({
      position,
      product_ref: l.productRef,
      product: l.product,
      quantity: l.quantity,
      colours: l.colours,
      sizes: l.sizes,
      unit_price_minor: l.unitPriceMinor === null ? null : l.unitPriceMinor.toString(),
      currency: l.currency,
      notes: l.notes,
    })),
  );

/** Every line's price breaks as one JSON parameter, each by its line's position. */
const breaksJson = (lines: readonly QuotationLine[]) =>
  JSON.stringify(
    lines.flatMap((l, line) => l.breaks.map((b, position) => ({ line, position, min_quantity: b.minQuantity, unit_price_minor: b.unitPriceMinor.toString() }))),
  );

/**
 * The lines of the quotation in CTE `from`, with their price breaks (decision 0156), as two more CTEs
 * of the writing statement: `added_lines`, then `added_breaks` by the new lines' ids. Lines whose
 * breaks are not in order (`breaksInOrder`) are a caller's mistake: refused before anything is written.
 */
function insertLines(from: string, lines: readonly QuotationLine[]) {
  if (!lines.every(breaksInOrder)) throw new Error("a quotation line's price breaks must be above its quantity and increasing, at most four");
  return sql`added_lines as (
        insert into quotation_lines (quotation_id, position, product_ref, product, quantity, colours, sizes, unit_price_minor, currency, notes)
        select ${sql.raw(from)}.id, l.position, l.product_ref, l.product, l.quantity, l.colours, l.sizes, l.unit_price_minor::bigint, l.currency, l.notes
        from ${sql.raw(from)} cross join jsonb_to_recordset(${linesJson(lines)}::jsonb)
          as l(position int, product_ref text, product text, quantity int, colours int, sizes text, unit_price_minor text, currency text, notes text)
        returning id, position),
      added_breaks as (
        insert into quotation_line_breaks (line_id, position, min_quantity, unit_price_minor)
        select a.id, b.position, b.min_quantity, b.unit_price_minor::bigint
        from added_lines a join jsonb_to_recordset(${breaksJson(lines)}::jsonb) as b(line int, position int, min_quantity int, unit_price_minor text)
          on b.line = a.position)`;
}

/** The request's products as a first draft's lines: quantity, colours and sizes as asked, the buyer's currency when it is one, no price yet. */
export function linesFromRequest(
  request: QuoteFields,
  defaultCurrency: string,
  productName: (ref: string) => string | undefined = () => undefined,
): QuotationLine[] {
  return request.products.map((p) => ({
    productRef: p.product,
    product: productName(p.product) ?? p.product,
    quantity: Math.max(1, p.quantity),
    colours: Math.max(1, p.colours),
    sizes: p.sizes,
    unitPriceMinor: null,
    currency: isCurrency(p.currency) ? p.currency : defaultCurrency,
    notes: p.notes,
    breaks: [],
  }));
}

/**
 * The lead's draft, made when it has none: a copy of its last version (terms and lines with their price breaks, a fresh
 * validity from today), or else prefilled from the request (its products, Incoterm with the place it
 * names, payment mode and month; the content's sample and other terms). Two presses at once make one draft (a unique index per lead).
 */
export async function openDraft(
  db: Database,
  {
    leadId,
    request,
    actor,
    now,
    defaults,
    productName,
  }: { leadId: number; request: QuoteFields; actor: Actor; now: Date; defaults: QuotationDefaults; productName?: (ref: string) => string | undefined },
): Promise<Quotation> {
  const existing = await quotationsOfLead(db, leadId);
  const draft = existing.find((q) => q.status === "draft");
  if (draft) return draft;
  const last = existing.find((q) => q.version !== null);
  const validUntil = dayAfter(now, defaults.validityDays);
  const terms: QuotationTerms = last
    ? { ...pickTerms(last), validUntil }
    : {
        incoterm: request.incoterm,
        namedPlace: namedPlaceFor(request.incoterm, request.destination),
        paymentTerms: request.paymentMode ? (defaults.paymentModes?.[request.paymentMode] ?? request.paymentMode) : defaults.paymentTerms,
        leadTime: request.deliveryMonth ? `Shipment in ${request.deliveryMonth}` : "",
        validUntil,
        sampleTerms: defaults.sampleTerms,
        terms: defaults.terms,
      };
  const lines = last ? last.lines : linesFromRequest(request, defaults.currency, productName);
  await db.execute(
    sql`with draft as (
          insert into quotations (lead_id, status, incoterm, named_place, payment_terms, lead_time, valid_until, sample_terms, terms, created_by_id, created_by_name)
          values (${leadId}, 'draft', ${terms.incoterm}, ${terms.namedPlace}, ${terms.paymentTerms}, ${terms.leadTime}, ${terms.validUntil}::date,
            ${terms.sampleTerms}, ${terms.terms}, ${actor.id}, ${actor.name})
          on conflict (lead_id) where status = 'draft' do nothing
          returning id),
        ${insertLines("draft", lines)}
        select id from draft`,
  );
  const made = (await quotationsOfLead(db, leadId)).find((q) => q.status === "draft");
  if (!made) throw new Error(`the draft quotation of lead ${leadId} could not be made`);
  return made;
}

const pickTerms = (q: QuotationTerms): QuotationTerms => ({
  incoterm: q.incoterm,
  namedPlace: q.namedPlace,
  paymentTerms: q.paymentTerms,
  leadTime: q.leadTime,
  validUntil: q.validUntil,
  sampleTerms: q.sampleTerms,
  terms: q.terms,
});

export type DraftChange = { ok: true } | { ok: false; reason: "missing" | "not-draft" };

/**
 * Replaces the draft's terms and lines with their price breaks (a sent version never changes: only a draft is written), and
 * its reason for revising an accepted version when given (none: the one stored stays).
 */
export async function saveDraft(
  db: Database,
  {
    leadId,
    quotationId,
    terms,
    lines,
    revisionReason,
  }: { leadId: number; quotationId: number; terms: QuotationTerms; lines: readonly QuotationLine[]; revisionReason?: string },
): Promise<DraftChange> {
  const saved = await rows<{ id: number | string }>(
    db,
    sql`with draft as (
          update quotations set incoterm = ${terms.incoterm}, named_place = ${terms.namedPlace}, payment_terms = ${terms.paymentTerms},
            lead_time = ${terms.leadTime}, valid_until = ${terms.validUntil}::date, sample_terms = ${terms.sampleTerms}, terms = ${terms.terms},
            revision_reason = case when ${revisionReason ?? null}::text is null then revision_reason else nullif(${revisionReason ?? null}::text, '') end
          where id = ${quotationId} and lead_id = ${leadId} and status = 'draft' returning id),
        cleared as (delete from quotation_lines where quotation_id in (select id from draft)),
        ${insertLines("draft", lines)}
        select id from draft`,
  );
  if (saved.length) return { ok: true };
  const [row] = await rows<{ status: string }>(db, sql`select status from quotations where id = ${quotationId} and lead_id = ${leadId}`);
  return { ok: false, reason: row ? "not-draft" : "missing" };
}

/** Throws the draft away (its lines go with it). */
export async function discardDraft(db: Database, { leadId, quotationId }: { leadId: number; quotationId: number }): Promise<boolean> {
  const gone = await rows<{ id: number }>(db, sql`delete from quotations where id = ${quotationId} and lead_id = ${leadId} and status = 'draft' returning id`);
  return gone.length > 0;
}

/** A buyer's private link: 256 bits from the CSPRNG, as URL-safe text. Only its hash is stored. */
export const newQuotationToken = () => randomBytes(32).toString("base64url");
export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** What a token looks like (43 characters of base64url): anything else is not looked up. */
export const quotationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The version the draft becomes when sent now: one more than the lead's last. */
export async function nextVersionOf(db: Database, leadId: number): Promise<number> {
  const [row] = await rows<{ next: number | string }>(db, sql`select coalesce(max(version), 0) + 1 as next from quotations where lead_id = ${leadId}`);
  return Number(row?.next ?? 1);
}

/** A quote lead's reference and status, the request and who has it: what sending and answering need. */
export type QuotedLead = {
  id: number;
  reference: string;
  status: string;
  request: QuoteFields | null;
  assigneeId: string | null;
  /** The language its request was sent in (decision 0164): its quotation's PDF speaks it. */
  locale: string;
};

/**
 * "needs-reason": the lead has an accepted version, so this one would revise it, and no reason was
 * given (the buyer may have accepted while the draft was being written).
 */
export type SendResult =
  { ok: true; version: number; revises: number | null } | { ok: false; reason: "missing" | "not-draft" | "closed" | "changed" | "needs-reason" };

/** The lead's newest accepted version, which a new one would revise (decision 0137); undefined when none is. */
export const acceptedVersionOf = <Q extends Pick<Quotation, "status" | "version">>(quotations: readonly Q[]): Q | undefined =>
  quotations.filter((q) => q.status === "accepted" && q.version !== null).sort((a, b) => b.version! - a.version!)[0];

/** Statuses of the lead from which a quotation can no longer be sent: its workflow is over. */
export const closedLeadStatuses = closedStatusesOf("quote");

/**
 * The draft becomes version `version` (as the PDF says), in one statement: its token's hash and PDF
 * stored, the earlier versions superseded, the lead quoted (answered: its first-response time set
 * when this is the first answer, no longer waiting for us), a history row, and the e-mail to the
 * buyer stored as a message of the lead's conversation — with the PDF as its attachment and its
 * mail job (`quotation:{id}`), which the relay sends once. Refused when someone sent or changed it
 * meanwhile (the version is taken, it is no longer a draft) or when the lead is won or lost: then
 * nothing is stored and nothing sent.
 *
 * After an acceptance (decision 0137) the new version is a revision: refused without a reason
 * ("needs-reason"); with one, the accepted version stays accepted (never superseded), the lead stays
 * accepted, the version keeps its reason and the number of the version it revises, and the history
 * gets a "revised" row with the reason.
 */
export async function recordSentVersion(db: Database, { pdf, reply, files, ...version }: SentVersion): Promise<SendResult> {
  // Placed before the statement that names them; what no row names after it (a refused send) is removed.
  const [placedPdf, placed] = await Promise.all([files?.storage ? files.placePdf(pdf) : undefined, placeReply(files, reply)]);
  try {
    return await storeSentVersion(db, {
      ...version,
      pdf: placedPdf ?? { content: pdf, objectKey: null, size: pdf.byteLength, sha256: sha256Of(pdf) },
      reply: placed.reply,
    });
  } finally {
    await placed.settle(db);
    if (placedPdf?.objectKey) await files?.discard(db, [placedPdf.objectKey]);
  }
}

/** A version to record as sent (`recordSentVersion`). */
type SentVersion = {
  leadId: number;
  quotationId: number;
  version: number;
  actor: Actor;
  tokenHash: string;
  pdf: Buffer;
  reply: OutgoingReply;
  revisionReason?: string | null;
  now: Date;
  /** Where the PDF, the reply's message and its attachments go (decision 0161); none: in the database. */
  files?: LeadFiles;
};

async function storeSentVersion(
  db: Database,
  { leadId, quotationId, version, actor, tokenHash, pdf, reply, revisionReason = null, now }: Omit<SentVersion, "pdf" | "files"> & { pdf: PlacedFile },
): Promise<SendResult> {
  const at = now.toISOString();
  const reason = revisionReason?.trim() || null;
  const sent = await rows<{ version: number; revises_version: number | string | null }>(
    db,
    sql`with lead as (select id, status from leads where id = ${leadId} and form = 'quote' and ${notInArray(leads.status, closedLeadStatuses)} for update),
        accepted as (select max(version) as version from quotations where lead_id = ${leadId} and status = 'accepted' and version is not null),
        sent as (
          update quotations set status = 'sent', version = ${version}, sent_at = ${at}::timestamptz, sent_by_id = ${actor.id}, sent_by_name = ${actor.name},
            token_hash = ${tokenHash}, pdf = ${pdf.content}::bytea, pdf_key = ${pdf.objectKey}::text, pdf_size = ${pdf.size}::bigint, pdf_sha256 = ${pdf.sha256}::text,
            revises_version = (select version from accepted),
            revision_reason = case when (select version from accepted) is null then null else ${reason}::text end
          where id = ${quotationId} and lead_id = ${leadId} and status = 'draft' and exists (select 1 from lead)
            and not exists (select 1 from quotations v where v.lead_id = ${leadId} and v.version >= ${version})
            and ((select version from accepted) is null or ${reason}::text is not null)
          returning id, version, lead_id, revises_version),
        superseded as (
          update quotations set status = 'superseded'
          where lead_id = ${leadId} and version is not null and status in ('sent', 'changes_requested', 'declined', 'expired')
            and exists (select 1 from sent)),
        ${outgoingMessageParts({ reply, actor, leadIds: sql`select lead_id as id from sent`, jobKind: sql`${`quotation:${quotationId}`}::text`, duplicate: "fail", at: now })},
        moved as (
          update leads set status = case when s.revises_version is null then 'quoted' else leads.status end,
            first_response_at = coalesce(leads.first_response_at, inserted.at), awaiting_since = null
          from inserted, sent s where leads.id = inserted.lead_id returning leads.id),
        history as (
          insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
          select s.lead_id, ${at}::timestamptz, ${actor.id}, ${actor.name}, 'quotation', s.version::text, 'sent' from sent s),
        revised as (
          insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value, body)
          select s.lead_id, ${at}::timestamptz, ${actor.id}, ${actor.name}, 'quotation', s.revises_version::text, 'revised', ${reason}::text
          from sent s where s.revises_version is not null),
        status as (
          insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
          select s.lead_id, ${at}::timestamptz, ${actor.id}, ${actor.name}, 'status', l.status, 'quoted' from sent s cross join lead l
          where l.status <> 'quoted' and s.revises_version is null)
        select version, revises_version from sent`,
  );
  if (sent.length) {
    const revises = sent[0]!.revises_version;
    return { ok: true, version: Number(sent[0]!.version), revises: revises === null ? null : Number(revises) };
  }
  const [lead] = await rows<{ status: string }>(db, sql`select status from leads where id = ${leadId} and form = 'quote'`);
  if (!lead) return { ok: false, reason: "missing" };
  if ((closedLeadStatuses as readonly string[]).includes(lead.status)) return { ok: false, reason: "closed" };
  const [draft] = await rows<{ status: string }>(db, sql`select status from quotations where id = ${quotationId} and lead_id = ${leadId}`);
  if (draft?.status !== "draft") return { ok: false, reason: "not-draft" };
  if (!reason && acceptedVersionOf(await quotationsOfLead(db, leadId))) return { ok: false, reason: "needs-reason" };
  return { ok: false, reason: "changed" };
}

/** Staff withdraw a version's link: its page answers 404 from now on, as a link that never was. */
export async function revokeVersion(
  db: Database,
  { leadId, quotationId, actor, now }: { leadId: number; quotationId: number; actor: Actor; now: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const done = await rows<{ id: number }>(
    db,
    sql`with revoked as (
          update quotations set revoked_at = ${at}::timestamptz, status = case when status = 'sent' then 'revoked' else status end
          where id = ${quotationId} and lead_id = ${leadId} and version is not null and revoked_at is null returning id, lead_id, version)
        insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
        select lead_id, ${at}::timestamptz, ${actor.id}, ${actor.name}, 'quotation', version::text, 'revoked' from revoked returning lead_id as id`,
  );
  return done.length > 0;
}

/** A version as its buyer's page shows it: the quotation, its lead's reference and buyer, and the newest version's number. */
export type BuyerQuotation = Quotation & {
  version: number;
  reference: string;
  buyer: { name: string; company: string; email: string; country: string };
  latestVersion: number;
  /** The newest version when it is a later one (a revision of this accepted version, or what replaced it): its number, when it was sent, its status. */
  later: { version: number; sentAt: Date; status: QuotationStatus } | null;
  /** The number of a later version the buyer accepted (it replaces this one); null when none. */
  laterAccepted: number | null;
  /** The e-mail address of the lead's assignee (an active staff account), who is told of the buyer's answer. */
  assigneeEmail: string | null;
  /** The language the buyer's request was sent in (decision 0164): the page speaks it. */
  locale: string;
};

/** The version a link opens; undefined for a token no version has, or one staff revoked (both 404, alike). */
export async function quotationForToken(db: Database, token: string): Promise<BuyerQuotation | undefined> {
  if (!quotationTokenPattern.test(token)) return undefined;
  const [row] = await rows<
    QuotationRow & {
      reference: string | null;
      fields: unknown;
      latest: number;
      latest_sent_at: Date | string | null;
      latest_status: QuotationStatus;
      later_accepted: number | string | null;
      assignee_email: string | null;
      locale: string;
    }
  >(
    db,
    sql`select * from (${selectQuotation} where q.token_hash = ${tokenHashOf(token)} and q.revoked_at is null) q
        join lateral (
          select l.reference, l.fields, l.locale, n.version as latest, n.sent_at as latest_sent_at, n.status as latest_status,
            (select max(a.version) from quotations a where a.lead_id = l.id and a.status = 'accepted' and a.version > q.version) as later_accepted,
            (select u.email from staff_users u where u.id = l.assignee_id and u.banned is not true) as assignee_email
          from leads l
          cross join lateral (select v.version, v.sent_at, v.status from quotations v where v.lead_id = l.id and v.version is not null order by v.version desc limit 1) n
          where l.id = q.lead_id) l on true`,
  );
  if (!row) return undefined;
  const fields = (typeof row.fields === "object" && row.fields !== null ? row.fields : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const quotation = toQuotation(row);
  return {
    ...quotation,
    version: quotation.version ?? 0,
    reference: leadReference(quotation.leadId, row.reference),
    buyer: { name: text("name"), company: text("company"), email: text("email"), country: text("country") },
    latestVersion: Number(row.latest),
    later:
      Number(row.latest) > (quotation.version ?? 0) && row.latest_sent_at !== null
        ? { version: Number(row.latest), sentAt: new Date(row.latest_sent_at), status: row.latest_status }
        : null,
    laterAccepted: row.later_accepted === null ? null : Number(row.later_accepted),
    assigneeEmail: row.assignee_email,
    locale: row.locale,
  };
}

/**
 * A version's PDF as sent: its bytes, or its key in the bucket (decision 0161; open it with
 * `LeadFiles.open`), and its size when known (every PDF stored since migration 0020).
 */
export type StoredPdf = StoredBytes & { size: number | null };

type PdfRow = { pdf: Buffer | Uint8Array | null; pdf_key: string | null; pdf_size: number | string | null };
const storedPdf = (row: PdfRow | undefined): StoredPdf | undefined =>
  row && (row.pdf || row.pdf_key)
    ? { content: row.pdf, objectKey: row.pdf_key, size: row.pdf ? row.pdf.byteLength : row.pdf_size === null ? null : Number(row.pdf_size) }
    : undefined;

/** A version's PDF as sent, for its buyer's download (same rule as the page: a revoked or unknown token has none). */
export async function pdfForToken(db: Database, token: string): Promise<StoredPdf | undefined> {
  if (!quotationTokenPattern.test(token)) return undefined;
  const [row] = await rows<PdfRow>(db, sql`select pdf, pdf_key, pdf_size from quotations where token_hash = ${tokenHashOf(token)} and revoked_at is null`);
  return storedPdf(row);
}

/** A sent version's PDF as it was sent (the desk's download). */
export async function versionPdf(db: Database, leadId: number, version: number): Promise<StoredPdf | undefined> {
  const [row] = await rows<PdfRow>(db, sql`select pdf, pdf_key, pdf_size from quotations where lead_id = ${leadId} and version = ${version}`);
  return storedPdf(row);
}

/** What the buyer does on their page. "renew": after the validity, asks for a new quotation. */
export type BuyerAction =
  | { kind: "accept"; name: string; position: string }
  | { kind: "changes"; message: string }
  | { kind: "decline"; reason: string }
  | { kind: "renew"; message: string };

/** The version's and the lead's status after each action. */
export const buyerActionStatus = {
  accept: { quotation: "accepted", lead: "accepted" },
  changes: { quotation: "changes_requested", lead: "changes_requested" },
  decline: { quotation: "declined", lead: "declined" },
  renew: { quotation: "expired", lead: "expired" },
} as const satisfies Record<BuyerAction["kind"], { quotation: QuotationStatus; lead: string }>;

export type BuyerAnswer = { ok: true } | { ok: false; reason: "missing" | "answered" | "superseded" | "expired" | "not-expired" };

/**
 * Who sends the confirmation of an acceptance (decision 0155): the buyer's page, no member of staff;
 * its message is left out of the replies the reports count.
 */
export const acceptanceSender: Actor = { id: "system", name: "Quotation page" };

/** The buyer as the lead's history names them (never a staff account). */
export const buyerActorId = "buyer";

/** The audit log's action for each of the buyer's answers (server/staff/audit.ts lists them with the desk's). */
export const buyerAuditActions = {
  accept: "quotation.accept",
  changes: "quotation.changes",
  decline: "quotation.decline",
  renew: "quotation.renew",
} as const satisfies Record<BuyerAction["kind"], string>;

/**
 * The buyer's answer, in one statement guarded by what the page showed: the version is the newest,
 * still open (sent, not revoked), and within its validity — or, to ask for a new one, past it. The
 * version and the lead change status, the history gets the answer (a message as the buyer's reply),
 * the lead is unread again and, unless declined, waiting for us, the e-mail telling the lead's
 * assignee is queued and the audit log has it; with an acceptance, the company's confirmation to the
 * buyer too, as a message of the conversation (decision 0155). A second answer to the same version is refused. A
 * lead that has an accepted version stays accepted whatever the buyer answers to its revision
 * (decision 0137): what they accepted stands until they accept the revision.
 */
export async function answerQuotation(
  db: Database,
  {
    token,
    action,
    clientAddress,
    now,
    notice,
    confirmation: composedConfirmation,
    files,
  }: {
    token: string;
    action: BuyerAction;
    clientAddress: string | null;
    now: Date;
    /** Where the confirmation's message and attachment go (decision 0161); none: in the database. */
    files?: LeadFiles;
    notice: { eml: Buffer; recipients: string };
    /**
     * With an acceptance: the company's confirmation to the buyer (decision 0155), stored as an outgoing
     * message of the conversation with its mail job by the same statement — so exactly once, with the
     * acceptance that it confirms, or not at all.
     */
    confirmation?: OutgoingReply;
  },
): Promise<BuyerAnswer> {
  const found = await quotationForToken(db, token);
  if (!found) return { ok: false, reason: "missing" };
  if (found.status === "accepted") return { ok: false, reason: "answered" };
  if (found.version < found.latestVersion || found.status === "superseded") return { ok: false, reason: "superseded" };
  if (found.respondedAt) return { ok: false, reason: "answered" };
  const past = found.status === "expired" || isPastValidity(found.validUntil, now);
  if (action.kind === "renew" && !past) return { ok: false, reason: "not-expired" };
  if (action.kind !== "renew" && past) return { ok: false, reason: "expired" };
  if (found.status !== "sent" && found.status !== "expired") return { ok: false, reason: "answered" };
  const placed = composedConfirmation && action.kind === "accept" ? await placeReply(files, composedConfirmation) : undefined;
  const confirmation = placed?.reply;
  try {
    return await answer();
  } finally {
    await placed?.settle(db);
  }

  function confirmed(): SQL {
    if (action.kind !== "accept" || !confirmation) return sql``;
    return sql`, ${outgoingMessageParts({
      reply: { ...confirmation, purpose: "acceptance" },
      actor: acceptanceSender,
      leadIds: sql`select lead_id as id from answered`,
      jobKind: sql`${`quotation-accepted:${found!.id}`}::text`,
      duplicate: "skip",
      at: now,
    })}`;
  }

  async function answer(): Promise<BuyerAnswer> {
    const at = now.toISOString();
    const status = buyerActionStatus[action.kind];
    const name = action.kind === "accept" ? action.name : found!.buyer.name || "The buyer";
    const position = action.kind === "accept" ? action.position : null;
    const message = action.kind === "accept" ? null : action.kind === "decline" ? action.reason : action.message;
    // Like a buyer's e-mail (decision 0121): every answer makes the lead unread for the staff, and one
    // that asks something of us — the changes, a new quotation, or the order confirmation after an
    // acceptance — puts it among the leads waiting for us. A decline asks nothing.
    const waitsForUs = action.kind !== "decline";
    const done = await rows<{ id: number }>(
      db,
      sql`with answered as (
            update quotations set status = ${status.quotation}, responded_at = ${at}::timestamptz, responder_name = ${name},
              responder_position = ${position}, responder_address = ${clientAddress}, response_message = ${message}
            where id = ${found!.id} and responded_at is null and revoked_at is null and status in ('sent', 'expired')
              and version = (select max(version) from quotations v where v.lead_id = ${found!.leadId})
            returning id, lead_id, version),
          lead as (
            select id, status, case when ${inArray(leads.status, [...closedLeadStatuses, "accepted"])} then status else ${status.lead}::text end as next
            from leads where id in (select lead_id from answered)),
          moved as (
            update leads set status = lead.next,
              awaiting_since = case when ${waitsForUs}::boolean then coalesce(leads.awaiting_since, ${at}::timestamptz) else leads.awaiting_since end
            from lead where leads.id = lead.id),
          unread as (delete from lead_reads where lead_id in (select lead_id from answered)),
          history as (
            insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value, body)
            select a.lead_id, ${at}::timestamptz, ${buyerActorId}, ${name}, 'quotation', a.version::text, ${action.kind}, ${message} from answered a),
          status as (
            insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
            select l.id, ${at}::timestamptz, ${buyerActorId}, ${name}, 'status', l.status, l.next from lead l where l.next <> l.status),
          queued as (
            insert into mail_jobs (lead_id, kind, eml, recipients)
            select lead_id, 'quotation-answer:' || id, ${notice.eml}::bytea, ${notice.recipients}::text from answered),
          -- In the audit log beside the staff's own steps, by the lead's e-mail and reference: no staff account.
          audited as (
            insert into staff_audit (actor_id, actor_email, action, target, detail, ip)
            select null, ${found!.buyer.email || found!.reference}, ${buyerAuditActions[action.kind]}, 'lead:' || a.lead_id,
              jsonb_build_object('reference', ${found!.reference}::text, 'version', a.version), ${clientAddress}::text from answered a)
          ${confirmed()}
          select id from answered`,
    );
    return done.length ? { ok: true } : { ok: false, reason: "answered" };
  }
}

/**
 * Versions past their validity that nobody answered become "expired", and their leads (still
 * quoted on them) too, each with a history row; the number expired. Run daily (and at start).
 */
export async function expireQuotations(db: Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const [result] = await rows<{ n: number | string }>(
    db,
    sql`with expired as (
          update quotations set status = 'expired'
          where status = 'sent' and revoked_at is null and valid_until < ${dayOf(now)}::date returning id, lead_id, version),
        lead as (select l.id, l.status from leads l where l.id in (select lead_id from expired) and l.status = 'quoted'),
        moved as (update leads set status = 'expired' where id in (select id from lead)),
        history as (
          insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
          select lead_id, ${at}::timestamptz, 'system', 'Validity', 'quotation', version::text, 'expired' from expired),
        status as (
          insert into lead_events (lead_id, at, actor_id, actor_name, kind, from_value, to_value)
          select id, ${at}::timestamptz, 'system', 'Validity', 'status', 'quoted', 'expired' from lead)
        select count(*) as n from expired`,
  );
  return Number(result?.n ?? 0);
}

/** The lead a quotation belongs to, as sending and answering need it; undefined for a lead that is not a quote request. */
export async function quotedLead(db: Database, leadId: number): Promise<QuotedLead | undefined> {
  const [row] = await rows<{
    id: number | string;
    reference: string | null;
    status: string;
    source: string;
    fields: unknown;
    assignee_id: string | null;
    locale: string;
  }>(db, sql`select id, reference, status, source, fields, assignee_id, locale from leads where id = ${leadId} and form = 'quote'`);
  if (!row) return undefined;
  const content = contentOf("quote", row.source, row.fields);
  return {
    id: Number(row.id),
    reference: leadReference(Number(row.id), row.reference),
    status: row.status,
    request: content.kind === "quote" ? content.fields : null,
    assigneeId: row.assignee_id,
    locale: row.locale,
  };
}
