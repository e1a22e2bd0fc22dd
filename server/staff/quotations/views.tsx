/** @jsxImportSource hono/jsx */
import { formatMoney, totalsByCurrency, type CurrencyTotal } from "../../../app/lib/contracts/money";
import { acceptedVersionOf, maxPriceBreaks, versionLabel, type Quotation, type QuotationLine } from "../../leads/quotations";
import { replyMaxLength } from "../../mail/replies";
import { utcMinute } from "../../platform/utc-time";
import type { QuotationMailPreview } from "./send";
import type { VersionChanges } from "./version-changes";
import { VersionChangesView } from "./version-changes-view";
import { Button, ButtonLink, DataTable, InputField, PostButton, SelectField, TextAreaField, type Problem } from "../ui";
import { breakFieldName, emptyLine, incoterms2020, limits, lineFieldName, type DraftValues, type LineValues } from "./draft-form";
import { quotationText as t } from "./texts";

export const quotationPath = (leadId: number) => `/staff/leads/${leadId}/quotation`;
export const versionPdfPath = (leadId: number, version: number) => `${quotationPath(leadId)}/v${version}.pdf`;
export const previewPdfPath = (leadId: number) => `${quotationPath(leadId)}/preview.pdf`;
/** A version's page: what changed from the one before it (decision 0151). */
export const versionPagePath = (leadId: number, version: number) => `${quotationPath(leadId)}/v${version}`;
/** The covering e-mail of the next version, shown before it is sent (decision 0151). */
export const mailPath = (leadId: number) => `${quotationPath(leadId)}/email`;

const Time = ({ date }: { date: Date }) => <time datetime={date.toISOString()}>{utcMinute(date)}</time>;

/** Each currency's total on its own line: "USD 12,500.00 (2 lines)". */
export function TotalsTable({ totals, unpriced }: { totals: CurrencyTotal[]; unpriced: number }) {
  return (
    <>
      <DataTable
        caption={t.totalsCaption}
        empty={t.noTotals}
        rows={totals}
        columns={[
          { header: t.totalsColumns.currency, rowHeader: true, cell: (row) => row.currency },
          { header: t.totalsColumns.lines, cell: (row) => String(row.lines) },
          { header: t.totalsColumns.total, cell: (row) => formatMoney(row.minor, row.currency) },
        ]}
      />
      {unpriced > 0 && <p>{t.unpriced(unpriced)}</p>}
    </>
  );
}

const totalsText = (lines: readonly QuotationLine[]) =>
  totalsByCurrency(lines)
    .map((total) => formatMoney(total.minor, total.currency))
    .join("; ");

/**
 * The lead page's section: the draft (if any) and every version sent, with its status, PDF and link.
 * Once the buyer accepted a version, a new one is offered only as its revision (decision 0137).
 */
export function QuotationSection({
  leadId,
  reference,
  quotations,
  canPrepare,
}: {
  leadId: number;
  reference: string;
  quotations: Quotation[];
  canPrepare: boolean;
}) {
  const draft = quotations.find((q) => q.status === "draft");
  const versions = quotations.filter((q): q is Quotation & { version: number } => q.version !== null);
  const accepted = acceptedVersionOf(versions);
  return (
    <section aria-labelledby="quotation-heading">
      <h2 id="quotation-heading">{t.sectionHeading}</h2>
      {versions.length === 0 && !draft && <p>{t.noQuotation}</p>}
      {accepted && (
        <p>
          {t.acceptedNote(
            versionLabel(reference, accepted.version),
            accepted.responderName ?? "the buyer",
            accepted.respondedAt ? utcMinute(accepted.respondedAt) : "",
          )}
        </p>
      )}
      {draft && <p>{t.draftNote(draft.createdByName)}</p>}
      {canPrepare && accepted && !draft ? (
        <PostButton action={`${quotationPath(leadId)}/draft`} variant="primary">
          {t.revise}
        </PostButton>
      ) : (
        canPrepare &&
        (draft ? (
          <p>
            <ButtonLink href={quotationPath(leadId)} variant="primary">
              {t.editDraft}
            </ButtonLink>
          </p>
        ) : (
          <PostButton action={`${quotationPath(leadId)}/draft`} variant="primary">
            {t.prepare}
          </PostButton>
        ))
      )}
      {versions.length > 0 && (
        <DataTable
          caption={t.versionsCaption}
          empty=""
          rows={versions}
          columns={[
            {
              header: t.columns.version,
              rowHeader: true,
              cell: (q) => (
                <>
                  {versionLabel(reference, q.version)}
                  {q.version > 1 && (
                    <>
                      <br />
                      <a href={versionPagePath(leadId, q.version)}>{t.changes.link(q.version - 1)}</a>
                    </>
                  )}
                </>
              ),
            },
            {
              header: t.columns.status,
              wraps: true,
              cell: (q) => (
                <>
                  {t.statuses[q.status] ?? q.status}
                  {q.revisesVersion !== null && (
                    <>
                      <br />
                      {t.revisionOf(q.revisesVersion)}
                    </>
                  )}
                  {q.responderName && q.respondedAt && (
                    <>
                      <br />
                      {t.answer(q.responderName, q.responderPosition, q.responderAddress)}, <Time date={q.respondedAt} />
                    </>
                  )}
                </>
              ),
            },
            { header: t.columns.sent, cell: (q) => (q.sentAt ? <Time date={q.sentAt} /> : "") },
            { header: t.columns.validUntil, cell: (q) => q.validUntil },
            { header: t.columns.totals, wraps: true, cell: (q) => totalsText(q.lines) },
            {
              header: t.columns.pdf,
              cell: (q) => (
                <a href={versionPdfPath(leadId, q.version)} download>
                  {t.downloadPdf(versionLabel(reference, q.version))}
                </a>
              ),
            },
            {
              header: t.columns.actions,
              cell: (q) =>
                q.revokedAt ? (
                  t.revoked
                ) : canPrepare ? (
                  <PostButton action={`${quotationPath(leadId)}/v${q.version}/revoke`} label={t.revokeLabel(versionLabel(reference, q.version))}>
                    {t.revoke}
                  </PostButton>
                ) : (
                  ""
                ),
            },
          ]}
        />
      )}
    </section>
  );
}

/**
 * A line's price breaks (decision 0156), folded under "Price breaks (n)" to keep the editor short on a
 * phone, open when one has a problem: the breaks typed, then blank rows up to four (two at most, more
 * after a save, as "Add a line" works). Blank rows are not saved.
 */
function PriceBreakFields({ index, line, errors }: { index: number; line: LineValues; errors: Map<string, string> }) {
  const blank = Math.max(0, Math.min(maxPriceBreaks, line.breaks.length + 2) - line.breaks.length);
  const rows = [...line.breaks, ...Array.from({ length: blank }, () => ({ quantity: "", price: "" }))];
  const hintId = `line-${index}-breaks-hint`;
  const open = rows.some((_, row) => errors.has(breakFieldName(index, row, "quantity")) || errors.has(breakFieldName(index, row, "price")));
  return (
    <details class="price-breaks" open={open}>
      <summary>{t.priceBreaks(line.breaks.length)}</summary>
      <p class="hint" id={hintId}>
        {t.priceBreaksHint}
      </p>
      {rows.map((typed, row) => (
        <fieldset class="price-break" aria-describedby={hintId}>
          <legend>{t.breakLegend(row + 1)}</legend>
          {(["quantity", "price"] as const).map((field) => (
            <InputField
              name={breakFieldName(index, row, field)}
              label={field === "quantity" ? t.breakQuantity : t.breakPrice}
              value={typed[field]}
              inputmode={field === "quantity" ? "numeric" : "text"}
              error={errors.get(breakFieldName(index, row, field))}
            />
          ))}
        </fieldset>
      ))}
    </details>
  );
}

function LineFields({
  index,
  line,
  legend,
  errors,
  removable,
}: {
  index: number;
  line: LineValues;
  legend: string;
  errors: Map<string, string>;
  removable: boolean;
}) {
  const id = (f: Parameters<typeof lineFieldName>[1]) => lineFieldName(index, f);
  return (
    <fieldset class="quotation-line">
      <legend>{legend}</legend>
      <input type="hidden" name={id("productRef")} value={line.productRef} />
      <InputField name={id("product")} label={t.product} value={line.product} maxlength={limits.short} error={errors.get(id("product"))} />
      <InputField name={id("quantity")} label={t.quantity} value={line.quantity} inputmode="numeric" error={errors.get(id("quantity"))} />
      <InputField name={id("colours")} label={t.colours} value={line.colours} inputmode="numeric" error={errors.get(id("colours"))} />
      <InputField name={id("sizes")} label={t.sizes} value={line.sizes} maxlength={limits.short} error={errors.get(id("sizes"))} />
      <InputField name={id("price")} label={t.unitPrice} hint={t.unitPriceHint} value={line.price} inputmode="text" error={errors.get(id("price"))} />
      <InputField name={id("currency")} label={t.currency} hint={t.currencyHint} value={line.currency} maxlength={3} error={errors.get(id("currency"))} />
      <TextAreaField name={id("notes")} label={t.notes} value={line.notes} rows={2} maxlength={limits.long} error={errors.get(id("notes"))} />
      <PriceBreakFields index={index} line={line} errors={errors} />
      {removable && (
        <div class="field check">
          <input type="checkbox" id={id("remove")} name={id("remove")} value="1" /> <label for={id("remove")}>{t.remove}</label>
        </div>
      )}
    </fieldset>
  );
}

/** The draft's editor: terms, lines (and a new one), totals per currency; save, preview, send, discard. */
export function EditorView({
  leadId,
  quotationId,
  values,
  problems,
  totals,
  unpriced,
  buyerEmail,
  defaultCurrency,
  revision,
}: {
  leadId: number;
  quotationId: number;
  values: DraftValues;
  problems: readonly Problem[];
  totals: CurrencyTotal[];
  unpriced: number;
  buyerEmail: string;
  defaultCurrency: string;
  /** The accepted version this draft revises (decision 0137), and the reason as typed or saved. */
  revision?: { reference: string; accepted: Quotation; reason: string };
}) {
  const errors = new Map(problems.filter((p) => p.fieldId).map((p) => [p.fieldId!, p.message]));
  const { terms } = values;
  const lastCurrency = values.lines.at(-1)?.currency || defaultCurrency;
  const acceptedLabel = revision && versionLabel(revision.reference, revision.accepted.version ?? 0);
  return (
    <>
      <p class="actions">
        <ButtonLink href={`/staff/leads/${leadId}`}>{t.backToLead}</ButtonLink>
        <a class="button secondary" href={previewPdfPath(leadId)} download>
          {t.previewPdf}
        </a>
      </p>
      <form method="post" action={quotationPath(leadId)}>
        <input type="hidden" name="quotation" value={String(quotationId)} />
        <input type="hidden" name="lines" value={String(values.lines.length)} />
        {revision && acceptedLabel && (
          <>
            <h2 id="revision-heading">{t.revisionHeading(acceptedLabel)}</h2>
            <p>{t.revisionIntro(acceptedLabel)}</p>
            <TextAreaField
              name="revisionReason"
              label={t.revisionReason}
              hint={t.revisionReasonHint}
              value={revision.reason}
              rows={3}
              maxlength={limits.long}
              error={errors.get("revisionReason")}
            />
          </>
        )}
        <h2 id="lines-heading">{t.linesHeading}</h2>
        {values.lines.map((line, i) => (
          <LineFields index={i} line={line} legend={t.lineLegend(i + 1)} errors={errors} removable />
        ))}
        <LineFields index={values.lines.length} line={emptyLine(lastCurrency)} legend={t.newLineLegend} errors={errors} removable={false} />

        <h2 id="totals-heading">{t.totalsHeading}</h2>
        <TotalsTable totals={totals} unpriced={unpriced} />

        <h2 id="terms-heading">{t.termsHeading}</h2>
        <SelectField
          name="incoterm"
          label={t.incoterm}
          value={terms.incoterm}
          options={[{ value: "", label: t.noIncoterm }, ...incoterms2020.map((code) => ({ value: code, label: code }))]}
        />
        <InputField
          name="namedPlace"
          label={t.namedPlace}
          hint={t.namedPlaceHint(terms.incoterm)}
          value={terms.namedPlace}
          maxlength={limits.short}
          error={errors.get("namedPlace")}
        />
        <TextAreaField
          name="paymentTerms"
          label={t.paymentTerms}
          value={terms.paymentTerms}
          rows={2}
          maxlength={limits.long}
          error={errors.get("paymentTerms")}
        />
        <InputField name="leadTime" label={t.leadTime} value={terms.leadTime} maxlength={limits.short} error={errors.get("leadTime")} />
        <InputField name="validUntil" type="date" label={t.validUntil} hint={t.validUntilHint} value={terms.validUntil} error={errors.get("validUntil")} />
        <TextAreaField name="sampleTerms" label={t.sampleTerms} value={terms.sampleTerms} rows={2} maxlength={limits.long} error={errors.get("sampleTerms")} />
        <TextAreaField name="terms" label={t.terms} value={terms.terms} rows={4} maxlength={limits.long} error={errors.get("terms")} />

        <p class="hint" id="send-hint">
          {acceptedLabel ? t.reviewRevisionHint(buyerEmail, acceptedLabel) : t.reviewHint(buyerEmail)}
        </p>
        <div class="actions">
          <Button name="intent" value="save" variant="secondary">
            {t.save}
          </Button>
          <Button name="intent" value="send">
            {acceptedLabel ? t.reviewRevision : t.review}
          </Button>
        </div>
      </form>
      <PostButton action={`${quotationPath(leadId)}/discard`} fields={{ quotation: String(quotationId) }} variant="danger">
        {t.discard}
      </PostButton>
    </>
  );
}

/**
 * The covering e-mail of the next version as it will go (decision 0151): From, To, the thread's
 * subject and the PDF; the text, editable; the message quoted below it, as it goes. One native form:
 * what it posts is what is sent.
 */
export function MailView({
  leadId,
  quotationId,
  stamp,
  mail,
  problems,
  revisesLabel,
  changes,
}: {
  leadId: number;
  quotationId: number;
  stamp: string;
  mail: QuotationMailPreview;
  problems: readonly Problem[];
  /** The accepted version the draft revises (decision 0137). */
  revisesLabel?: string;
  /** What the version changes from the one before it; absent for the first. */
  changes?: { changes: VersionChanges; previous: number; version: number };
}) {
  const error = problems.find((p) => p.fieldId === "text")?.message;
  return (
    <>
      <p class="actions">
        <ButtonLink href={quotationPath(leadId)}>{t.mail.backToDraft}</ButtonLink>
      </p>
      <p>{t.mail.intro}</p>
      <dl aria-label={t.mail.headersLabel}>
        <dt>{t.mail.from}</dt>
        <dd>{mail.from}</dd>
        <dt>{t.mail.to}</dt>
        <dd>{mail.to}</dd>
        <dt>{t.mail.subject}</dt>
        <dd>{mail.subject}</dd>
        <dt>{t.mail.attachment}</dt>
        <dd>{mail.attachment}</dd>
      </dl>
      <form method="post" action={mailPath(leadId)}>
        <input type="hidden" name="quotation" value={String(quotationId)} />
        <input type="hidden" name="stamp" value={stamp} />
        <input type="hidden" name="version" value={String(mail.sent.version)} />
        <input type="hidden" name="token" value={mail.sent.token} />
        <input type="hidden" name="key" value={mail.sent.key} />
        <input type="hidden" name="quotes" value={mail.sent.quotes === null ? "" : String(mail.sent.quotes)} />
        <TextAreaField name="text" label={t.mail.text} hint={t.mail.textHint} value={mail.text} rows={18} maxlength={replyMaxLength} error={error} />
        <h2 id="quoted-heading">{t.mail.quotedHeading}</h2>
        {mail.quoted === null ? <p>{t.mail.nothingQuoted}</p> : <pre aria-labelledby="quoted-heading">{mail.quoted}</pre>}
        <p class="hint">{revisesLabel ? t.sendRevisionHint(mail.to, revisesLabel) : t.sendHint(mail.to)}</p>
        <div class="actions">
          <Button>{revisesLabel ? t.sendRevision : t.send}</Button>
        </div>
      </form>
      {changes && <VersionChangesView {...changes} />}
    </>
  );
}

/** A version's page: its status, PDF and, after the first, what changed from the one before. */
export function VersionPage({
  leadId,
  reference,
  quotation,
  changes,
}: {
  leadId: number;
  reference: string;
  quotation: Quotation & { version: number };
  /** Absent for the first version. */
  changes?: VersionChanges;
}) {
  const label = versionLabel(reference, quotation.version);
  return (
    <>
      <p class="actions">
        <ButtonLink href={`/staff/leads/${leadId}`}>{t.backToLead}</ButtonLink>
        <a class="button secondary" href={versionPdfPath(leadId, quotation.version)} download>
          {t.downloadPdf(label)}
        </a>
      </p>
      <p>
        {t.changes.status(t.statuses[quotation.status] ?? quotation.status, quotation.sentAt ? utcMinute(quotation.sentAt) : "", quotation.sentByName ?? "")}
      </p>
      {changes ? <VersionChangesView changes={changes} previous={quotation.version - 1} version={quotation.version} /> : <p>{t.changes.first}</p>}
    </>
  );
}
