import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormField } from "~/components/form-field/form-field";
import type { QuoteContent } from "~/content/quote";
import type { OptionsMarkup } from "~/components/form-field/options-markup";
import { business } from "~/lib/contracts/constants";
import {
  attachmentAcceptAttribute,
  currencies,
  earliestDeliveryMonth,
  latestDeliveryMonth,
  productFieldName,
  productRefPattern,
  quoteFieldNames as names,
  quoteMoreProductsId,
  quoteLimits,
  quotePaths,
  type AttachmentFacts,
  type QuoteIssue,
  type QuoteProblem,
} from "~/lib/contracts/quote";
import { useHydrated } from "~/lib/use-hydrated";
import { FormLocale, Honeypot, honeypotName } from "~/features/forms/honeypot";
import { PrivacyNote } from "~/features/forms/privacy-note";
import { submitButtonClass } from "~/features/forms/submit-button";

export type QuoteProductRef = { family: string; item: string };

/** The products (grouped by family), the countries, buyer types, incoterms and payment modes to choose
 * from, as option markup made at build time (quote-options.server.ts): lists hydration need not walk
 * option by option (decision 0057), nor the page's JavaScript map (decision 0166). */
export type QuoteOptions = Record<"products" | "countries" | "buyerTypes" | "incoterms" | "paymentModes", OptionsMarkup>;

export type QuoteFormProps = {
  /** The form's words, terms and problem messages in the page's language (content/quote.yaml,
   * content/quote/<code>.yaml: decision 0166), and the products and countries to choose from: the
   * route's loader data, so none of it is in the page's JavaScript. */
  words: QuoteContent;
  options: QuoteOptions;
  /** Products chosen before (the quote list of the gallery pages); `?item=` adds to them. */
  initialProducts?: QuoteProductRef[];
  /** Called once a request is stored (the route empties the quote list then). */
  onSent?: () => void;
  /** For tests: the clock that decides the earliest delivery month. */
  now?: () => Date;
};

type Status = { state: "idle" } | { state: "sending" } | { state: "sent"; reference: string; belowMinimum: boolean } | { state: "error" };

/** Stable ids: one quote form per page, and the error list links to them. */
const fieldId = (name: string) => `quote-${name}`;
const rowFieldId = (row: number, field: Parameters<typeof productFieldName>[1]) => fieldId(productFieldName(row, field));
const rows = Array.from({ length: quoteLimits.maxProducts }, (_, row) => row);
const addProductClass = "inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline underline-offset-2";

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * The checks (one zod/mini schema with the server's) and the messages naming each problem, loaded
 * once the page has hydrated and again (from the cache) on submit: they are not part of the page's
 * first load (the JavaScript budget), and nothing is wrong before a first send.
 */
const loadChecks = () =>
  Promise.all([import("~/lib/contracts/quote-check"), import("./issue-messages")]).then(([checks, messages]) => ({ ...checks, ...messages }));

/** Reads each chosen file's bytes: its type is what its content is, whatever its name says. */
async function attachmentFacts(
  input: HTMLInputElement | null,
  detectAttachmentType: (bytes: Uint8Array) => AttachmentFacts["type"],
): Promise<AttachmentFacts[]> {
  const files = [...(input?.files ?? [])].filter((f) => f.size > 0);
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      size: file.size,
      // A file too large is refused for its size; no need to read it.
      type: file.size > quoteLimits.attachmentMaxBytes ? undefined : detectAttachmentType(new Uint8Array(await file.arrayBuffer())),
    })),
  );
}

/**
 * The quote request (decision 0042): products with quantity, colours, sizes, target price and notes,
 * then the company, delivery and payment. A real form: without JavaScript it posts natively
 * (multipart) to the server, which checks the same shared schema (app/lib/contracts/quote-check.ts) and
 * answers 303 to /quote/sent?ref=… or /quote/not-sent/{problem}. Hydrated, it checks first, names
 * each problem beside its field and in a list of links at the top, and sends with fetch; what was
 * typed is kept on failure and cleared only on success. Every field is uncontrolled, so hydration
 * keeps what was typed or chosen before it.
 */
export function QuoteForm({ words: quote, options, initialProducts = [], onSent, now = () => new Date() }: QuoteFormProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<{ id: string; message: string }[]>([]);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  /** Product rows shown once hydrated: one, and one more each time the buyer asks. */
  const [rowCount, setRowCount] = useState(1);
  /**
   * What each row's chosen product says of itself (decision 0078: its option's data-terms and
   * data-lead-time, quote-options.server.ts): its terms shown under it, and the delivery month waits
   * for the longest lead time. The checks read the rest when a send needs it (issue-messages.ts).
   */
  const [chosenTerms, setChosenTerms] = useState<(DOMStringMap | undefined)[]>([]);
  const readChosenTerms = () => {
    const form = formRef.current;
    const chosen = (select: HTMLSelectElement | null) => select?.options[select.selectedIndex]?.dataset;
    if (form) setChosenTerms(rows.map((row) => chosen(form.elements.namedItem(productFieldName(row, "product")) as HTMLSelectElement | null)));
  };
  /**
   * Each row's note when its quantity is below the chosen product's usual minimum (its option's
   * data-moq, else the company's, times the colours): the request is still sent, as a trial order to
   * discuss (decision 0148), and the buyer is told so before sending.
   */
  const [belowMinimumNotes, setBelowMinimumNotes] = useState<(string | undefined)[]>([]);
  const readBelowMinimum = () => {
    const form = formRef.current;
    if (!form) return;
    const valueOf = (row: number, name: Parameters<typeof productFieldName>[1]) =>
      ((form.elements.namedItem(productFieldName(row, name)) as HTMLInputElement | null)?.value ?? "").trim();
    setBelowMinimumNotes(
      rows.map((row) => {
        const select = form.elements.namedItem(productFieldName(row, "product")) as HTMLSelectElement | null;
        const [quantity, colours] = [valueOf(row, "quantity"), valueOf(row, "colours")];
        if (!select?.value || !/^\d{1,9}$/.test(quantity) || !/^\d{1,3}$/.test(colours) || Number(quantity) < 1 || Number(colours) < 1) return undefined;
        const perColour = Number(select.options[select.selectedIndex]?.dataset.moq) || business.moqPiecesPerColor;
        const minimum = perColour * Number(colours);
        if (Number(quantity) >= minimum) return undefined;
        const number = (n: number) => n.toLocaleString(quote.lang);
        return fill(quote.belowMinimum, {
          quantity: number(Number(quantity)),
          minimum: number(minimum),
          perColour: number(perColour),
          colours: Number(colours),
        });
      }),
    );
  };
  const leadTimeDays = Math.max(business.leadTimeDays.local[0], ...chosenTerms.map((t) => Number(t?.leadTime ?? 0)));
  const earliest = hydrated ? earliestDeliveryMonth(now(), leadTimeDays) : quote.earliestMonthAtBuild;
  // The earliest month as the words' language writes it (decision 0166): Intl's month name in another
  // language ("Dezember 2026"); in the default language as its words always said it (2026-12).
  const delivery = {
    earliest: quote.monthFormat ? new Date(`${earliest}-15`).toLocaleDateString(quote.lang, quote.monthFormat) : earliest,
    days: leadTimeDays,
  };

  // The products asked for (the quote list, then ?item= from a gallery page) fill the empty rows,
  // with as many rows added as they need; a row already chosen before hydration (or by the server
  // for ?item=) keeps its product. Once per list: a product the buyer then takes out stays out.
  const initialKey = initialProducts.map((p) => `${p.family}/${p.item}`).join(",");
  const placedFor = useRef<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form || !hydrated || placedFor.current === initialKey) return;
    const asked = [...(initialKey ? initialKey.split(",") : []), ...new URLSearchParams(window.location.search).getAll("item")].filter((ref) =>
      productRefPattern.test(ref),
    );
    const selects = rows.slice(0, rowCount).map((row) => form.elements.namedItem(productFieldName(row, "product")) as HTMLSelectElement);
    const missing = [...new Set(asked)].filter((ref) => !selects.some((s) => s.value === ref));
    const empty = selects.filter((s) => s.value === "").length;
    if (missing.length > empty && rowCount < rows.length) {
      setRowCount(Math.min(rows.length, rowCount + missing.length - empty));
      return;
    }
    for (const ref of missing) {
      const row = selects.find((s) => s.value === "" && [...s.options].some((o) => o.value === ref));
      if (row) row.value = ref;
    }
    placedFor.current = initialKey;
    readChosenTerms();
  }, [initialKey, rowCount, hydrated]);

  // A row added with the button: the buyer goes on in it.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    document.getElementById(rowFieldId(focusRow.current, "product"))?.focus();
    focusRow.current = null;
  }, [rowCount]);
  const addRow = () => {
    focusRow.current = rowCount;
    setRowCount(rowCount + 1);
  };

  // Fetch the checks now that the page is up, so a send does not wait for them (a failed fetch is retried on submit).
  useEffect(() => {
    loadChecks().catch(() => undefined);
  }, []);

  const errorOf = (id: string) => errors.find((e) => e.id === id)?.message;

  function idOf(issue: QuoteIssue): string {
    if (issue.row !== undefined) return rowFieldId(issue.row, issue.field as Parameters<typeof productFieldName>[1]);
    if (issue.field === "products") return rowFieldId(0, "product");
    return fieldId(issue.field);
  }

  function showIssues(issues: QuoteIssue[], form: HTMLFormElement, checks: Awaited<ReturnType<typeof loadChecks>>) {
    const shown = issues.map((issue) => ({ id: idOf(issue), message: checks.issueMessage(issue, quote, delivery) }));
    setErrors(shown.filter((e, i) => shown.findIndex((o) => o.id === e.id) === i));
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // Never a silent drop: a filled honeypot shows the usual failure, everything kept.
    if (String(data.get(honeypotName) ?? "")) {
      setStatus({ state: "error" });
      return;
    }
    let checks: Awaited<ReturnType<typeof loadChecks>>;
    try {
      checks = await loadChecks();
    } catch {
      // The checks could not be fetched (the network went away): the usual failure, everything kept.
      setStatus({ state: "error" });
      return;
    }
    const facts = await attachmentFacts(filesRef.current, checks.detectAttachmentType);
    const checked = checks.checkQuoteRequest((name) => (data.get(name) as string | null) ?? undefined, facts, now(), data.keys(), checks.productTermsOf(form));
    if (!checked.ok) {
      showIssues(checked.issues, form, checks);
      setStatus({ state: "idle" });
      return;
    }
    setErrors([]);
    setStatus({ state: "sending" });
    try {
      const response = await fetch(quotePaths.post, {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(120_000),
      });
      const body = (await response.json().catch(() => ({}))) as { reference?: string; belowMinimum?: boolean; problem?: QuoteProblem; issues?: QuoteIssue[] };
      if (response.ok && body.reference) {
        setStatus({ state: "sent", reference: body.reference, belowMinimum: body.belowMinimum === true });
        form.reset();
        setBelowMinimumNotes([]);
        onSent?.();
        return;
      }
      if (body.issues?.length) showIssues(body.issues, form, checks);
      setStatus({ state: "error" });
    } catch {
      setStatus({ state: "error" });
    }
  }

  const sending = status.state === "sending";
  const productRow = (row: number) => (
    <fieldset key={row} className="mt-4 grid min-w-0 grid-cols-1 gap-4 rounded-md border border-ink-700/30 p-4 sm:grid-cols-2">
      <legend className="px-1 font-bold text-brand-800">{fill(quote.productHeading, { n: row + 1 })}</legend>
      <FormField
        as="select"
        label={quote.productLabel}
        hint={chosenTerms[row]?.terms || undefined}
        id={rowFieldId(row, "product")}
        name={productFieldName(row, "product")}
        required={row === 0}
        error={errorOf(rowFieldId(row, "product"))}
        options={options.products}
        onChange={readChosenTerms}
      />
      <FormField
        label={quote.quantityLabel}
        hint={belowMinimumNotes[row]}
        id={rowFieldId(row, "quantity")}
        name={productFieldName(row, "quantity")}
        type="number"
        inputMode="numeric"
        // Any whole number: below the product's minimum is a trial order, sent and discussed (decision 0148).
        min={1}
        max={quoteLimits.maxQuantity}
        step={1}
        required={row === 0}
        error={errorOf(rowFieldId(row, "quantity"))}
      />
      <FormField
        label={quote.coloursLabel}
        id={rowFieldId(row, "colours")}
        name={productFieldName(row, "colours")}
        type="number"
        inputMode="numeric"
        min={1}
        max={quoteLimits.maxColours}
        step={1}
        required={row === 0}
        error={errorOf(rowFieldId(row, "colours"))}
      />
      <FormField
        label={quote.sizesLabel}
        id={rowFieldId(row, "sizes")}
        name={productFieldName(row, "sizes")}
        maxLength={quoteLimits.text.sizes}
        required={row === 0}
        error={errorOf(rowFieldId(row, "sizes"))}
      />
      <FormField
        label={quote.targetPriceLabel}
        id={rowFieldId(row, "targetPrice")}
        name={productFieldName(row, "targetPrice")}
        inputMode="decimal"
        maxLength={quoteLimits.text.price}
        error={errorOf(rowFieldId(row, "targetPrice"))}
      />
      <FormField as="select" label={quote.currencyLabel} id={rowFieldId(row, "currency")} name={productFieldName(row, "currency")}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          as="textarea"
          label={quote.notesLabel}
          id={rowFieldId(row, "notes")}
          name={productFieldName(row, "notes")}
          rows={2}
          maxLength={quoteLimits.text.notes}
          error={errorOf(rowFieldId(row, "notes"))}
        />
      </div>
    </fieldset>
  );

  const choose = (name: string, label: string, markup: OptionsMarkup) => (
    <FormField as="select" label={label} id={fieldId(name)} name={name} required error={errorOf(fieldId(name))} options={markup} />
  );

  // Every grid track here is minmax(0, 1fr) and the row fieldsets are min-w-0: an auto track (and a
  // fieldset's min-content default) asks its content for its widest size, and a <select> answers by
  // measuring every option's label — 249 country names on each layout (decision 0058).
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form
        ref={formRef}
        aria-labelledby="quote-heading"
        method="post"
        action={quotePaths.post}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onChange={readBelowMinimum}
        noValidate={hydrated}
        className="relative rounded-lg bg-white p-6 text-ink-900 shadow-lg"
      >
        <h2 id="quote-heading" className="text-2xl font-bold text-brand-800">
          {quote.heading}
        </h2>
        <p className="mt-1 text-ink-700">{quote.intro}</p>

        <div ref={summaryRef} tabIndex={-1} className="mt-4 focus:outline-none">
          {errors.length > 0 && (
            <div role="alert" className="rounded-md border-2 border-red-700 p-4">
              <h3 className="font-bold text-red-700">{quote.errorsHeading}</h3>
              <ul className="mt-2 list-disc pl-5">
                {errors.map((e) => (
                  <li key={e.id}>
                    <a href={`#${e.id}`} className="text-red-700 underline">
                      {e.message}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <h3 className="mt-6 text-xl font-bold text-brand-800">{quote.productsHeading}</h3>
        {productRow(0)}
        {hydrated ? (
          <>
            {rows.slice(1, rowCount).map(productRow)}
            {rowCount < rows.length && (
              <button type="button" onClick={addRow} className={`mt-4 ${addProductClass}`}>
                {quote.addProducts}
              </button>
            )}
          </>
        ) : (
          // Without JavaScript the further rows are all in the page, behind a native <details>. With
          // it, a browser does not even parse them (their markup was most of /quote's parsing,
          // style and layout: decision 0057); the button above adds rows once hydrated.
          <noscript>
            <details id={quoteMoreProductsId} className="mt-4">
              <summary className={addProductClass}>{quote.addProducts}</summary>
              {rows.slice(1).map(productRow)}
            </details>
          </noscript>
        )}

        <h3 className="mt-8 text-xl font-bold text-brand-800">{quote.requestHeading}</h3>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            label={quote.companyLabel}
            id={fieldId(names.company)}
            name={names.company}
            autoComplete="organization"
            required
            maxLength={quoteLimits.text.line}
            error={errorOf(fieldId(names.company))}
          />
          <FormField
            label={quote.contactNameLabel}
            id={fieldId(names.contactName)}
            name={names.contactName}
            autoComplete="name"
            required
            maxLength={quoteLimits.text.line}
            error={errorOf(fieldId(names.contactName))}
          />
          <FormField
            label={quote.emailLabel}
            id={fieldId(names.email)}
            name={names.email}
            type="email"
            autoComplete="email"
            required
            maxLength={quoteLimits.text.email}
            error={errorOf(fieldId(names.email))}
          />
          <FormField
            label={quote.phoneLabel}
            id={fieldId(names.phone)}
            name={names.phone}
            type="tel"
            autoComplete="tel"
            maxLength={quoteLimits.text.phone}
            error={errorOf(fieldId(names.phone))}
          />
          <FormField
            as="select"
            label={quote.countryLabel}
            id={fieldId(names.country)}
            name={names.country}
            required
            error={errorOf(fieldId(names.country))}
            options={options.countries}
          />
          {choose(names.buyerType, quote.buyerTypeLabel, options.buyerTypes)}
          {choose(names.incoterm, quote.incotermLabel, options.incoterms)}
          <FormField
            label={quote.destinationLabel}
            id={fieldId(names.destination)}
            name={names.destination}
            required
            maxLength={quoteLimits.text.line}
            error={errorOf(fieldId(names.destination))}
          />
          <FormField
            label={quote.deliveryMonthLabel}
            hint={fill(quote.deliveryMonthHint, delivery)}
            id={fieldId(names.deliveryMonth)}
            name={names.deliveryMonth}
            type="month"
            min={earliest}
            max={hydrated ? latestDeliveryMonth(now()) : undefined}
            required
            error={errorOf(fieldId(names.deliveryMonth))}
          />
          {choose(names.paymentMode, quote.paymentModeLabel, options.paymentModes)}
        </div>
        <div className="mt-4 grid grid-cols-1 gap-4">
          <FormField
            as="textarea"
            label={quote.messageLabel}
            id={fieldId(names.message)}
            name={names.message}
            rows={5}
            maxLength={quoteLimits.text.message}
            error={errorOf(fieldId(names.message))}
          />
          <FormField
            ref={filesRef}
            label={quote.attachmentsLabel}
            hint={quote.attachmentsHint}
            id={fieldId(names.attachments)}
            name={names.attachments}
            type="file"
            multiple
            accept={attachmentAcceptAttribute}
            error={errorOf(fieldId(names.attachments))}
          />
        </div>
        <Honeypot label={quote.honeypotLabel} />
        <FormLocale />
        <PrivacyNote />
        <button type="submit" disabled={sending} className={`mt-5 ${submitButtonClass}`}>
          {sending ? quote.sending : quote.submit}
        </button>
        <div role="status" className="mt-4 min-h-7 font-semibold">
          {status.state === "sent" && <p className="text-green-800">{fill(quote.success, { reference: status.reference })}</p>}
          {status.state === "sent" && status.belowMinimum && <p className="mt-2 text-ink-900">{quote.sentBelowMinimum}</p>}
          {status.state === "error" && <p className="text-red-700">{quote.failure}</p>}
        </div>
      </form>
      <aside aria-labelledby="quote-terms-heading" className="h-fit rounded-lg bg-brand-50 p-6 text-ink-900">
        <h2 id="quote-terms-heading" className="text-xl font-bold text-brand-800">
          {quote.termsHeading}
        </h2>
        <dl className="mt-3 grid gap-3">
          {quote.terms.map((term) => (
            <div key={term.label}>
              <dt className="font-semibold">{term.label}</dt>
              <dd>{term.text}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
