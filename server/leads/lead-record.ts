import {
  leadFieldsSchemas,
  leadKinds,
  type Lead,
  type LeadFields,
  type LeadFile,
  type LeadFileRole,
  type LeadKind,
  type QuoteLine,
} from "../../app/lib/contracts/leads";

// The one boundary between a typed lead and its rows: what `accept` writes (fields JSON, reference,
// files with their role and order) and how the fields are read back (each kind's schema, once), so no
// code above the store parses a stored string.

/** A lead's file as stored: its role and its place among the files of that role. */
export type StoredFile = { role: LeadFileRole; position: number; file: LeadFile };

/** What the rows of a lead hold: its kind (`form`), typed fields, reference, files and language (decision 0164). */
export type LeadRows = { form: LeadKind; fields: LeadFields[LeadKind]; reference: string | null; files: StoredFile[]; locale: string };

export function rowsOf(lead: Lead): LeadRows {
  switch (lead.kind) {
    case "contact": {
      const { kind, locale, ...fields } = lead;
      return { form: kind, fields, reference: null, files: [], locale: locale ?? "en" };
    }
    case "career": {
      const { kind, locale, resume, ...fields } = lead;
      return { form: kind, fields, reference: null, files: [{ role: "resume", position: 0, file: resume }], locale: locale ?? "en" };
    }
    case "quote": {
      const { kind, locale, reference, attachments, ...fields } = lead;
      return { form: kind, fields, reference, files: attachments.map((file, position) => ({ role: "attachment", position, file })), locale: locale ?? "en" };
    }
  }
}

/**
 * A stored lead's fields, read once through its kind's schema: `other` for a lead imported from the
 * former outbox (its file name and the message's subject and Reply-To) and for a row no schema reads
 * (written by hand), its values as text.
 */
export type LeadContent =
  | { kind: "contact"; fields: LeadFields["contact"] }
  | { kind: "career"; fields: LeadFields["career"] }
  | { kind: "quote"; fields: LeadFields["quote"] }
  | { kind: "other"; fields: Record<string, string> };

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function contentOf(form: string, source: string, fields: unknown): LeadContent {
  const record = typeof fields === "object" && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : {};
  if (source === "web" && (leadKinds as readonly string[]).includes(form)) {
    const kind = form as LeadKind;
    const parsed = leadFieldsSchemas[kind].safeParse(record);
    if (parsed.success) return { kind, fields: parsed.data } as LeadContent;
  }
  return { kind: "other", fields: Object.fromEntries(Object.entries(record).map(([name, value]) => [name, asText(value)])) };
}

/** A field's text, whatever the content's kind ("" when it has none). */
export function fieldText(content: LeadContent, name: string): string {
  const value = (content.fields as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

const pieces = (n: number) => n.toLocaleString("en");

/**
 * A quote's products on one line, as the list, the CSV and a reply's subject show them: "Men Hoodie ×
 * 1,500; men/jacket × 500" (the name the site showed, where the request stored one: decision 0078).
 */
export const quoteProductsLine = (products: readonly QuoteLine[]): string => products.map((p) => `${p.label || p.product} × ${pieces(p.quantity)}`).join("; ");

/**
 * A quote's products one per line, every detail the buyer gave, as a lead's page shows them; under
 * each, its specification and terms as the site showed them when the request came (decision 0078).
 */
export function quoteProductsText(products: readonly QuoteLine[]): string {
  return products
    .map((p, i) => {
      const details = [
        `${pieces(p.quantity)} pieces in ${p.colours} colour(s)`,
        // A trial order (decision 0148): below the product's usual minimum for the colours asked.
        p.belowMinimum && `below the usual minimum${p.minimum === undefined ? "" : ` of ${pieces(p.minimum)} pieces`} (trial order)`,
        p.sizes && `sizes ${p.sizes}`,
        p.targetPrice && `target ${p.targetPrice} ${p.currency} per piece`.trim(),
        p.notes && `notes: ${p.notes}`,
      ];
      const name = p.label ? `${p.label} (${p.product})` : p.product;
      const specification = [p.summary, p.terms]
        .filter(Boolean)
        .map((line) => `\n   ${line}`)
        .join("");
      return `${i + 1}. ${name}: ${details.filter(Boolean).join(", ")}${specification}`;
    })
    .join("\n");
}

/** What the inbox's topic column shows: a contact message's subject, a quote's products, an application's position. */
export function topicOf(content: LeadContent): string {
  if (content.kind === "career") return content.fields.position;
  if (content.kind === "quote") return quoteProductsLine(content.fields.products);
  return fieldText(content, "subject");
}
