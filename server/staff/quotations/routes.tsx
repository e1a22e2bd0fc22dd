/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { totalsByCurrency } from "../../../app/lib/contracts/money";
import type { QuotationSettings } from "../../../app/lib/contracts/server-settings";
import type { LeadDetail } from "../../leads/inbox";
import {
  acceptedVersionOf,
  discardDraft,
  openDraft,
  quotationsOfLead,
  quotedLead,
  revokeVersion,
  saveDraft,
  type Quotation,
  versionPdf,
  type QuotedLead,
} from "../../leads/quotations";
import { readPostedForm, textField, trimmedField } from "../../platform/form-reader";
import { recordAudit, type AuditAction } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { requireStaff, type StaffEnv } from "../guard";
import type { StaffRole } from "../roles";
import { staffPage, type Problem } from "../ui";
import { limits, parseDraftForm, sendProblems, valuesOf, type DraftValues, type ParsedDraft } from "./draft-form";
import type { RenderQuotation } from "./documents";
import { quotationText as t } from "./texts";
import { EditorView, QuotationSection, quotationPath } from "./views";

/** Who prepares, sends and withdraws quotations (decision 0111): sales and administrators. */
export const quotationRoles: readonly StaffRole[] = ["admin", "sales"];

/**
 * Sends a draft as a new version (server/staff/quotations/send.ts makes it): renders the PDF, makes
 * the buyer's link and queues the e-mail, all recorded in one statement; the problems when it cannot.
 */
export type SendQuotation = (
  c: Context<StaffEnv>,
  /** `revises`: the accepted version the draft revises, sent with `revisionReason` (decision 0137). */
  args: { lead: QuotedLead; draft: Quotation; revises?: Quotation; revisionReason?: string },
) => Promise<{ ok: true; version: number; revises: number | null } | { ok: false; problems: Problem[] }>;

export type QuotationDeskOptions = {
  /** The content's letterhead and defaults, from the build being served. */
  settings: () => QuotationSettings;
  /** A product's name as the site shows it ({family}/{item} → "Men Hoodie"), from the build being served. */
  productName?: (ref: string) => string | undefined;
  /** The clock (tests set the day). */
  now?: () => Date;
  /** Sends a draft as the next version (`quotationSender`, send.ts, made from the desk); off when absent (the desk then only drafts). */
  send?: (desk: StaffDesk) => SendQuotation;
  /** Renders a draft's preview PDF (documents.ts); off when absent. */
  pdf?: RenderQuotation;
};

const leadIdOf = (c: Context) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
};

/**
 * The quotation pages of the staff desk (decision 0111), under a quote lead's page:
 * GET/POST /staff/leads/:id/quotation (the draft's editor: save, send), POST …/draft (make the
 * draft), …/discard, …/v:n/revoke, GET …/v:n.pdf and …/preview.pdf. Sales and admins only (403 for
 * any other role); a lead that is not a quote request answers 404 like one that does not exist.
 */
export function mountQuotations(options: QuotationDeskOptions) {
  const now = options.now ?? (() => new Date());
  return (app: StaffApp, desk: StaffDesk) => {
    const { db } = desk;
    const send = options.send?.(desk);
    const guard = requireStaff(...quotationRoles);
    app.use(`/staff/leads/:id/quotation`, guard);
    app.use(`/staff/leads/:id/quotation/*`, guard);

    const notFound = (c: Context<StaffEnv>) =>
      c.html(staffPage({ title: "There is no such lead.", staff: c.get("staff"), body: <p>There is no such lead.</p> }), 404);
    const audit = (c: Context<StaffEnv>, action: AuditAction, leadId: number, detail?: Record<string, unknown>) =>
      recordAudit(db, { actor: c.get("staff")!, action, target: `lead:${leadId}`, detail, ip: desk.clientAddress(c) });

    const editor = async (
      c: Context<StaffEnv>,
      lead: QuotedLead,
      draft: Quotation,
      shown?: { values: DraftValues; parsed?: ParsedDraft; problems: Problem[]; revisionReason?: string },
    ) => {
      const values = shown?.values ?? valuesOf(draft);
      const revises = acceptedVersionOf(await quotationsOfLead(db, lead.id));
      const lines = shown?.parsed?.lines ?? draft.lines;
      const problems = shown?.problems ?? [];
      return c.html(
        staffPage({
          title: t.editorTitle(lead.reference),
          staff: c.get("staff"),
          current: "/staff/leads",
          problems,
          body: (
            <EditorView
              leadId={lead.id}
              quotationId={draft.id}
              values={values}
              problems={problems}
              totals={totalsByCurrency(lines)}
              unpriced={lines.filter((l) => l.unitPriceMinor === null).length}
              buyerEmail={lead.request?.email ?? ""}
              defaultCurrency={options.settings().currency}
              revision={revises && { reference: lead.reference, accepted: revises, reason: shown?.revisionReason ?? draft.revisionReason ?? "" }}
            />
          ),
        }),
        problems.length ? 400 : 200,
      );
    };

    /** The lead and its draft, or the answer when there is none. */
    const leadAndDraft = async (c: Context<StaffEnv>) => {
      const id = leadIdOf(c);
      const lead = id === undefined ? undefined : await quotedLead(db, id);
      if (!lead) return { response: notFound(c) };
      const draft = (await quotationsOfLead(db, lead.id)).find((q) => q.status === "draft");
      return { lead, draft };
    };

    app.post(`/staff/leads/:id/quotation/draft`, async (c) => {
      const id = leadIdOf(c);
      const lead = id === undefined ? undefined : await quotedLead(db, id);
      if (!lead?.request) return notFound(c);
      const settings = options.settings();
      await openDraft(db, { leadId: lead.id, request: lead.request, actor: c.get("staff")!, now: now(), defaults: settings, productName: options.productName });
      await audit(c, "quotation.draft", lead.id);
      return c.redirect(quotationPath(lead.id), 303);
    });

    app.get(`/staff/leads/:id/quotation`, async (c) => {
      const { lead, draft, response } = await leadAndDraft(c);
      if (response) return response;
      if (!draft) return c.redirect(`/staff/leads/${lead.id}`, 303);
      return editor(c, lead, draft);
    });

    app.post(`/staff/leads/:id/quotation`, async (c) => {
      const { lead, draft, response } = await leadAndDraft(c);
      if (response) return response;
      const form = await readPostedForm(c);
      if (!form) return c.text(t.problems.notDraft, 400);
      if (!draft || textField(form, "quotation") !== String(draft.id)) {
        return c.html(
          staffPage({
            title: t.editorTitle(lead.reference),
            staff: c.get("staff"),
            body: <p>{t.problems.notDraft}</p>,
            problems: [{ message: t.problems.notDraft }],
          }),
          409,
        );
      }
      const parsed = parseDraftForm(form);
      // Only a draft that revises an accepted version has the field (decision 0137); absent, the stored reason stays.
      const revisionReason = form.has("revisionReason") ? trimmedField(form, "revisionReason") : undefined;
      const typed = { values: parsed.values, parsed, revisionReason };
      const problems = [...parsed.problems];
      if (revisionReason !== undefined && revisionReason.length > limits.long)
        problems.push({ fieldId: "revisionReason", message: t.problems.tooLong(t.revisionReason, limits.long) });
      if (problems.length) return editor(c, lead, draft, { ...typed, problems });
      const saved = await saveDraft(db, { leadId: lead.id, quotationId: draft.id, terms: parsed.terms, lines: parsed.lines, revisionReason });
      if (!saved.ok) return editor(c, lead, draft, { ...typed, problems: [{ message: t.problems.notDraft }] });
      await audit(c, "quotation.save", lead.id);
      if (textField(form, "intent") !== "send") return c.redirect(quotationPath(lead.id), 303);

      const quotations = await quotationsOfLead(db, lead.id);
      const fresh = quotations.find((q) => q.id === draft.id)!;
      const revises = acceptedVersionOf(quotations);
      const reason = revisionReason ?? fresh.revisionReason ?? "";
      const sendChecks = sendProblems(parsed, now());
      if (revises && !reason) sendChecks.unshift({ fieldId: "revisionReason", message: t.problems.revisionReason });
      if (!lead.request?.email) sendChecks.push({ message: t.problems.noEmail });
      if (sendChecks.length || !send) return editor(c, lead, fresh, { ...typed, problems: sendChecks });
      const sent = await send(c, { lead, draft: fresh, revises, revisionReason: revises ? reason : undefined });
      if (!sent.ok) return editor(c, lead, fresh, { ...typed, problems: sent.problems });
      await audit(c, "quotation.send", lead.id, { version: sent.version });
      if (sent.revises !== null) await audit(c, "quotation.revise", lead.id, { version: sent.version, revises: sent.revises, reason });
      return c.redirect(`/staff/leads/${lead.id}`, 303);
    });

    app.post(`/staff/leads/:id/quotation/discard`, async (c) => {
      const { lead, draft, response } = await leadAndDraft(c);
      if (response) return response;
      if (draft && (await discardDraft(db, { leadId: lead.id, quotationId: draft.id }))) await audit(c, "quotation.discard", lead.id);
      return c.redirect(`/staff/leads/${lead.id}`, 303);
    });

    app.post(`/staff/leads/:id/quotation/:version{v[0-9]{1,6}}/revoke`, async (c) => {
      const id = leadIdOf(c);
      const lead = id === undefined ? undefined : await quotedLead(db, id);
      if (!lead) return notFound(c);
      const version = Number(c.req.param("version").slice(1));
      const quotation = (await quotationsOfLead(db, lead.id)).find((q) => q.version === version);
      if (!quotation) return notFound(c);
      if (await revokeVersion(db, { leadId: lead.id, quotationId: quotation.id, actor: c.get("staff")!, now: now() })) {
        await audit(c, "quotation.revoke", lead.id, { version });
      }
      return c.redirect(`/staff/leads/${lead.id}`, 303);
    });

    const pdfResponse = (c: Context<StaffEnv>, bytes: Buffer, filename: string) =>
      c.body(new Uint8Array(bytes), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "X-Content-Type-Options": "nosniff",
      });

    app.get(`/staff/leads/:id/quotation/:file{(v[0-9]{1,6}|preview)\\.pdf}`, async (c) => {
      const id = leadIdOf(c);
      const lead = id === undefined ? undefined : await quotedLead(db, id);
      if (!lead || !options.pdf) return notFound(c);
      const file = c.req.param("file");
      const quotations = await quotationsOfLead(db, lead.id);
      if (file === "preview.pdf") {
        const draft = quotations.find((q) => q.status === "draft");
        if (!draft) return notFound(c);
        return pdfResponse(c, await options.pdf({ lead, quotation: draft, version: null, issuedOn: now() }), `${lead.reference}-draft.pdf`);
      }
      const version = Number(file.slice(1, -4));
      const pdf = await versionPdf(db, lead.id, version);
      if (!pdf) return notFound(c);
      await audit(c, "quotation.pdf", lead.id, { version });
      return pdfResponse(c, pdf, `${lead.reference}-v${version}.pdf`);
    });
  };
}

/** The lead page's quotation section (the inbox's `leadSections`): only on a quote request. */
export function quotationLeadSection(desk: StaffDesk) {
  return async (c: Context<StaffEnv>, lead: LeadDetail): Promise<Child> => {
    if (lead.type !== "quote") return null;
    const staff = c.get("staff")!;
    const quotations = await quotationsOfLead(desk.db, lead.id);
    return <QuotationSection leadId={lead.id} reference={lead.reference} quotations={quotations} canPrepare={quotationRoles.includes(staff.role)} />;
  };
}
