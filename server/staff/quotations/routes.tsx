/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { totalsByCurrency } from "../../../app/lib/contracts/money";
import { quotationWordsIn, type QuotationSettings } from "../../../app/lib/contracts/server-settings";
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
  versionLabel,
  versionPdf,
  type QuotedLead,
} from "../../leads/quotations";
import { FileMissing } from "../../leads/files";
import { replyMaxLength } from "../../mail/replies";
import { ObjectStorageError } from "../../platform/object-storage";
import { reasonOf } from "../../platform/log-text";
import { readPostedForm, textField, trimmedField } from "../../platform/form-reader";
import { recordAudit, type AuditAction } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { requireStaff, type StaffEnv } from "../guard";
import type { StaffRole } from "../roles";
import { staffPage, type Problem } from "../ui";
import { draftStamp, limits, parseDraftForm, sendProblems, sentAsOf, valuesOf, type DraftValues, type ParsedDraft } from "./draft-form";
import type { RenderQuotation } from "./documents";
import { quotationText as t } from "./texts";
import type { QuotationMailer, QuotationMailPreview } from "./send";
import { compareVersions } from "./version-changes";
import { EditorView, MailView, QuotationSection, VersionPage, mailPath, quotationPath } from "./views";

/** Who prepares, sends and withdraws quotations (decision 0111): sales and administrators. */
export const quotationRoles: readonly StaffRole[] = ["admin", "sales"];

export type QuotationDeskOptions = {
  /** The content's letterhead and defaults, from the build being served. */
  settings: () => QuotationSettings;
  /** A product's name as the site shows it ({family}/{item} → "Men Hoodie"), from the build being served. */
  productName?: (ref: string) => string | undefined;
  /** The clock (tests set the day). */
  now?: () => Date;
  /** Shows and sends a draft's e-mail as the next version (`quotationSender`, send.ts, made from the desk); off when absent (the desk then only drafts). */
  send?: (desk: StaffDesk) => QuotationMailer;
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
      // A new draft's terms in the buyer's language (decision 0164): staff change them as they like.
      const { paymentTerms, sampleTerms, terms, paymentModes } = quotationWordsIn(settings, lead.locale);
      const defaults = { ...settings, paymentTerms, sampleTerms, terms, paymentModes };
      await openDraft(db, { leadId: lead.id, request: lead.request, actor: c.get("staff")!, now: now(), defaults, productName: options.productName });
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
      const sendChecks = checksBeforeSending(lead, fresh, quotations, revisionReason);
      if (sendChecks.length || !send) return editor(c, lead, fresh, { ...typed, problems: sendChecks });
      // Sending starts with the e-mail as it will go, to read and edit (decision 0151).
      return c.redirect(mailPath(lead.id), 303);
    });

    /** What must hold to send the draft: the editor's checks, a reason for a revision, an address to send to. */
    const checksBeforeSending = (lead: QuotedLead, draft: Quotation, quotations: Quotation[], typedReason?: string) => {
      const problems = sendProblems({ terms: draft, lines: draft.lines }, now());
      if (acceptedVersionOf(quotations) && !(typedReason ?? draft.revisionReason ?? ""))
        problems.unshift({ fieldId: "revisionReason", message: t.problems.revisionReason });
      if (!lead.request?.email) problems.push({ message: t.problems.noEmail });
      return problems;
    };

    const mailPage = async (
      c: Context<StaffEnv>,
      lead: QuotedLead,
      draft: Quotation,
      mail: QuotationMailPreview,
      problems: Problem[] = [],
      revises?: Quotation,
    ) => {
      // What the version changes from the one before it, beside the text that may tell the buyer (decision 0151).
      const previous = (await quotationsOfLead(db, lead.id)).find((q) => q.version === mail.sent.version - 1);
      return c.html(
        staffPage({
          title: t.mail.title(lead.reference),
          staff: c.get("staff"),
          current: "/staff/leads",
          problems,
          body: (
            <MailView
              leadId={lead.id}
              quotationId={draft.id}
              stamp={draftStamp(draft)}
              mail={mail}
              problems={problems}
              revisesLabel={revises?.version ? versionLabel(lead.reference, revises.version) : undefined}
              changes={previous && { changes: compareVersions(previous, draft), previous: mail.sent.version - 1, version: mail.sent.version }}
            />
          ),
        }),
        problems.length ? 400 : 200,
      );
    };

    /** The draft as it will be sent, and whether it can be: the editor with its problems when not. */
    const readyDraft = async (c: Context<StaffEnv>) => {
      const { lead, draft, response } = await leadAndDraft(c);
      if (response) return { response };
      if (!draft || !send) return { response: c.redirect(`/staff/leads/${lead.id}`, 303) };
      const quotations = await quotationsOfLead(db, lead.id);
      const problems = checksBeforeSending(lead, draft, quotations);
      if (problems.length) return { response: await editor(c, lead, draft, { values: valuesOf(draft), problems }) };
      return { lead, draft, send, revises: acceptedVersionOf(quotations) };
    };

    app.get(`/staff/leads/:id/quotation/email`, async (c) => {
      const ready = await readyDraft(c);
      if (ready.response) return ready.response;
      const { lead, draft, send, revises } = ready;
      const preview = await send.preview(c, { lead, draft, revises });
      if (!preview.ok) return editor(c, lead, draft, { values: valuesOf(draft), problems: preview.problems });
      return mailPage(c, lead, draft, preview.mail, [], revises);
    });

    app.post(`/staff/leads/:id/quotation/email`, async (c) => {
      const ready = await readyDraft(c);
      if (ready.response) return ready.response;
      const { lead, draft, send, revises } = ready;
      const form = await readPostedForm(c);
      const sentAs = form && sentAsOf(form);
      if (!form || !sentAs || textField(form, "quotation") !== String(draft.id)) {
        return c.html(
          staffPage({
            title: t.mail.title(lead.reference),
            staff: c.get("staff"),
            body: <p>{t.problems.notDraft}</p>,
            problems: [{ message: t.problems.notDraft }],
          }),
          409,
        );
      }
      const text = textField(form, "text") ?? "";
      // Shown again with what was typed: a fresh frame (the quoted message as it is now), the same link and key.
      const again = async (problems: Problem[]) => {
        const preview = await send.preview(c, { lead, draft, revises });
        if (!preview.ok) return editor(c, lead, draft, { values: valuesOf(draft), problems: preview.problems });
        return mailPage(
          c,
          lead,
          draft,
          { ...preview.mail, text, sent: { ...sentAs, quotes: preview.mail.sent.quotes, version: preview.mail.sent.version } },
          problems,
          revises,
        );
      };
      if (textField(form, "stamp") !== draftStamp(draft)) return again([{ message: t.mail.draftChanged }]);
      if (text.length > replyMaxLength) return again([{ fieldId: "text", message: t.problems.tooLong(t.mail.text, replyMaxLength) }]);
      const sent = await send.send(c, { lead, draft, revises, revisionReason: revises ? (draft.revisionReason ?? "") : undefined, text, sent: sentAs });
      if (!sent.ok) return again(sent.problems);
      await audit(c, "quotation.send", lead.id, { version: sent.version });
      if (sent.revises !== null)
        await audit(c, "quotation.revise", lead.id, { version: sent.version, revises: sent.revises, reason: draft.revisionReason ?? "" });
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

    // A version's page: its status, its PDF and what changed from the version before it (decision 0151).
    app.get(`/staff/leads/:id/quotation/:version{v[0-9]{1,6}}`, async (c) => {
      const id = leadIdOf(c);
      const lead = id === undefined ? undefined : await quotedLead(db, id);
      if (!lead) return notFound(c);
      const version = Number(c.req.param("version").slice(1));
      const versions = await quotationsOfLead(db, lead.id);
      const quotation = versions.find((q): q is Quotation & { version: number } => q.version === version);
      if (!quotation) return notFound(c);
      const previous = versions.find((q) => q.version === version - 1);
      await audit(c, "lead.view", lead.id, { quotationVersion: version });
      return c.html(
        staffPage({
          title: t.changes.title(versionLabel(lead.reference, version)),
          staff: c.get("staff"),
          current: "/staff/leads",
          body: <VersionPage leadId={lead.id} reference={lead.reference} quotation={quotation} changes={previous && compareVersions(previous, quotation)} />,
        }),
      );
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
      // Streamed from where it is: its row, or the bucket as the bucket sends it (decision 0161).
      let body: ReadableStream<Uint8Array>;
      try {
        body = await desk.files.open(pdf);
      } catch (error) {
        if (error instanceof FileMissing) return notFound(c);
        if (!(error instanceof ObjectStorageError)) throw error;
        console.error(`A quotation's PDF could not be read from the bucket: ${reasonOf(error)}`);
        c.header("Retry-After", "60");
        return c.html(staffPage({ title: t.pdfUnavailable, staff: c.get("staff"), current: "/staff/leads", body: <p>{t.pdfUnavailableBody}</p> }), 503);
      }
      await audit(c, "quotation.pdf", lead.id, { version });
      return c.body(body, 200, {
        ...(pdf.size === null ? {} : { "Content-Length": String(pdf.size) }),
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${lead.reference}-v${version}.pdf"`,
        "X-Content-Type-Options": "nosniff",
      });
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
