import { Hono, type Context } from "hono";
import countries from "i18n-iso-countries";
import { honeypotName, localeFieldName } from "../../app/lib/contracts/form-endpoint";
import {
  attachmentTypes,
  formatQuoteReference,
  quoteFieldNames,
  quoteNotSentPath,
  quoteRequestMaxTextBytes,
  quoteSentPath,
  type AttachmentFacts,
  type ProductField,
  type QuoteIssue,
  type QuoteProblem,
} from "../../app/lib/contracts/quote";
import { attachmentTypeIds, checkQuoteRequest, minimumOfLine } from "../../app/lib/contracts/quote-check";
import type { LeadFile, QuoteLead } from "../../app/lib/contracts/leads";
import { quotationSettingsDefaults, quotationWordsIn, type ProductSettings, type QuotationSettings } from "../../app/lib/contracts/server-settings";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { withoutInvisibleControls } from "../../app/lib/contracts/visible-text";
import { reasonOf } from "../db/db";
import type { LeadStore } from "../leads/store";
import { envelopeAddresses, type Addresses } from "../mail/addresses";
import { composeQuoteAcknowledgement, composeQuoteNotification } from "../mail/quote-mails";
import { siteMessageId } from "../mail/message-id";
import type { createRateLimiter } from "../platform/rate-limit";
import { fileKindFromBytes } from "../platform/file-kind";
import { badRequestForField, readForm, textField } from "../platform/form-reader";
import { formBody, requestGuards } from "../platform/request-guards";
import { seeOther } from "../platform/see-other";
import { answerIn, localeOfForm, localeOfReferer, type SiteLocales } from "./form-locale";

/**
 * At most one acknowledgement an hour to an address (decision 0064): whoever types a stranger's address
 * into the form makes the company's server write to it. A request within the hour is stored and
 * reaches the sales team as ever; only the buyer's copy is left out.
 */
export const acknowledgementIntervalSeconds = 60 * 60;

export type QuoteRouteOptions = {
  store: LeadStore;
  /** Wakes the mail relay after a new lead (when SMTP_URL is set). */
  kick: () => void;
  /** The forms' limiter: one budget per client, whichever form it posts. */
  limiter: ReturnType<typeof createRateLimiter>;
  clientKey: (c: Context) => string;
  maxBodyBytes: number;
  addresses: Addresses;
  /** True when {family}/{item} is a product of the site being served (its gallery page exists). */
  knownProduct: (ref: string) => boolean;
  /** The site's public origin (the served build's server-settings.json), where the staff desk is: the notification links there. */
  siteUrl?: () => string | undefined;
  /**
   * The products of the build being served by {family}/{item}, with their own minimum orders and lead
   * times (decision 0078; server-settings.json). A product not in it is on the company's terms.
   */
  products?: () => Readonly<Record<string, ProductSettings>>;
  /** The languages of the build being served (decision 0164): the form's `locale` is one of them, else the default's. */
  locales?: SiteLocales;
  /** The quotation settings of the build being served: the acknowledgement's words in the buyer's language (decision 0164). */
  quotation?: () => QuotationSettings | undefined;
  now?: () => Date;
};

/** The not-sent page of each of the form's own text fields, a product row's by its column. */
const problemOfQuoteField: Record<string, QuoteProblem> = {
  [quoteFieldNames.company]: "company",
  [quoteFieldNames.contactName]: "contact-name",
  [quoteFieldNames.email]: "email",
  [quoteFieldNames.phone]: "phone",
  [quoteFieldNames.country]: "country",
  [quoteFieldNames.buyerType]: "buyer-type",
  [quoteFieldNames.incoterm]: "incoterm",
  [quoteFieldNames.destination]: "destination",
  [quoteFieldNames.deliveryMonth]: "delivery-month",
  [quoteFieldNames.paymentMode]: "payment-mode",
  [quoteFieldNames.message]: "message",
} satisfies Record<Exclude<keyof typeof quoteFieldNames, "attachments">, QuoteProblem>;
const problemOfProductField: Record<ProductField, QuoteProblem> = {
  product: "product",
  quantity: "quantity",
  colours: "colours",
  sizes: "sizes",
  targetPrice: "target-price",
  currency: "target-price",
  notes: "notes",
};

/**
 * The not-sent page of a field the form reader refused (decision 0134); undefined for a field the
 * form does not have, or a file's name (no page says what is wrong with it): the reader's 400.
 */
function quoteProblemOfField(field: string): QuoteProblem | undefined {
  if (Object.hasOwn(problemOfQuoteField, field)) return problemOfQuoteField[field];
  const column = /^item-\d+-(\w+)$/.exec(field)?.[1];
  return column && Object.hasOwn(problemOfProductField, column) ? problemOfProductField[column as ProductField] : undefined;
}

/**
 * POST /api/v1.0/quote: the /quote form, as a native multipart post (303 See Other to
 * /quote/sent?ref=… — with &trial=1 when a quantity is below its product's usual minimum, taken as a
 * trial order (decision 0148) — or /quote/not-sent/{problem}) or, from the hydrated form, the same
 * body with `Accept: application/json` (200 { reference, belowMinimum }, or 4xx { problem, issues }). One order for both:
 * rate limit → content type (415) → body limit → parse (400) → honeypot → checks → reference →
 * stored once with its two mails (the sales notification and the buyer's acknowledgement).
 */
export function createQuoteRoutes({
  store,
  kick,
  limiter,
  clientKey,
  maxBodyBytes,
  addresses,
  knownProduct,
  siteUrl = () => undefined,
  products = () => ({}),
  locales = () => undefined,
  quotation = () => undefined,
  now = () => new Date(),
}: QuoteRouteOptions) {
  const api = new Hono();
  const wantsJson = (c: Context) => /application\/json/i.test(c.req.header("accept") ?? "");
  // The answer's language (decision 0164): the form's field once the body is read, before that its page's (the Referer).
  const refuse = (c: Context, problem: QuoteProblem, status: 400 | 413 | 429 | 503, issues: QuoteIssue[] = [], locale = localeOfReferer(c, locales)) => {
    if (wantsJson(c)) return c.json({ problem, issues }, status);
    return seeOther(c, answerIn(quoteNotSentPath(problem), locale, locales));
  };

  api.post(
    "/",
    ...requestGuards({
      limiter,
      clientKey,
      accepts: formBody,
      maxBodyBytes,
      maxTextBytes: Math.min(maxBodyBytes, quoteRequestMaxTextBytes),
      tooMany: (c) => refuse(c, "too-many", 429),
      tooLarge: (c) => refuse(c, "too-large", 413),
    }),
    async (c) => {
      // A field with a character no keyboard types (decision 0134): a native post lands on that
      // field's not-sent page (going back keeps what was typed); the hydrated form gets the reader's 400.
      const data = await readForm(c, (context, refused) => {
        const problem = wantsJson(context) ? undefined : quoteProblemOfField(refused.field);
        return problem
          ? seeOther(context, answerIn(quoteNotSentPath(problem), localeOfReferer(context, locales), locales))
          : badRequestForField(context, refused);
      });
      if (data instanceof Response) return data;
      const text = (name: string) => textField(data, name);
      const locale = localeOfForm(text(localeFieldName), locales);
      if (text(honeypotName)) return refuse(c, "spam", 400, [], locale);

      // A form posted with no file chosen still sends one empty part.
      const files = data.getAll(quoteFieldNames.attachments).filter((f): f is File => f instanceof File && f.size > 0);
      const contents = await Promise.all(files.slice(0, 16).map(async (f) => new Uint8Array(await f.arrayBuffer())));
      const types = await Promise.all(contents.map((bytes) => fileKindFromBytes(bytes, attachmentTypeIds)));
      const facts: AttachmentFacts[] = files.map((f, i) => ({ name: f.name, size: f.size, type: types[i] }));

      const today = now();
      // Each product's own minimum order and lead time (decision 0078), as the form checked them: one
      // build's, read once, though publishing may swap the build while this request is checked.
      const served = products();
      const productOf = (ref: string) => (Object.hasOwn(served, ref) ? served[ref] : undefined);
      const checked = checkQuoteRequest(text, facts, today, data.keys(), productOf);
      if (!checked.ok) return refuse(c, checked.issues[0]!.problem, 400, checked.issues, locale);
      const { request } = checked;
      const unknown = request.products.findIndex((p) => !knownProduct(p.product));
      if (unknown >= 0) return refuse(c, "product", 400, [{ problem: "product", field: "product" }], locale);
      if (!countries.isValid(request.country)) return refuse(c, "country", 400, [{ problem: "country", field: "country" }], locale);

      const attachments: LeadFile[] = facts.map((fact, i) => {
        const type = attachmentTypes[fact.type!];
        // The name keeps what the buyer called it, without bidi tricks, with the extension of its content.
        const base =
          withoutInvisibleControls(fact.name)
            .replace(/[/\\\r\n]/g, "_")
            .replace(/\.[^.]*$/, "")
            .slice(0, 200) || "attachment";
        return { filename: `${base}${type.extension}`, contentType: type.mimeType, content: Buffer.from(contents[i]!) };
      });

      try {
        const year = today.getUTCFullYear();
        const [number, leadId] = await Promise.all([store.nextQuoteNumber(year), store.nextLeadId()]);
        const lead: QuoteLead = {
          kind: "quote",
          locale,
          reference: formatQuoteReference(year, number),
          name: request.contactName,
          email: request.email,
          company: request.company,
          phone: request.phone,
          country: request.country,
          buyerType: request.buyerType,
          incoterm: request.incoterm,
          destination: request.destination,
          deliveryMonth: request.deliveryMonth,
          paymentMode: request.paymentMode,
          message: request.message,
          // The check passed each as a whole number of at most nine digits.
          products: request.products.map((p) => {
            // The product as the site showed it (decision 0078): the mails and the desk name it so.
            const shown = productOf(p.product);
            const counted = { ...p, quantity: Number(p.quantity), colours: Number(p.colours) };
            // Fewer than its usual minimum: taken as a trial order, flagged and discussed (decision 0148).
            const { minimum, below } = minimumOfLine(counted, productOf);
            const line = { ...counted, minimum, belowMinimum: below };
            return shown ? { ...line, label: shown.label, summary: shown.summary, terms: shown.terms } : line;
          }),
          attachments,
        };
        // The lead's page in the staff desk, at the site's public address (never the request's Host,
        // which whoever posts chooses); a bare path when the build named none.
        const leadUrl = `${siteUrl() ?? ""}${staffPaths.leads}/${leadId}`;
        const notification = await composeQuoteNotification(lead, addresses, { leadUrl });
        const acknowledgementId = siteMessageId(addresses.from);
        // In the buyer's language, what its translation leaves out in English (decision 0164).
        const words = quotationWordsIn(quotation() ?? quotationSettingsDefaults, locale);
        const acknowledgement = await composeQuoteAcknowledgement(lead, addresses, new Date(), acknowledgementId, words);
        const accepted = await store.accept(lead, {
          id: leadId,
          eml: notification,
          recipients: envelopeAddresses(addresses.sales ?? addresses.to),
          mails: [
            {
              kind: "acknowledgement",
              eml: acknowledgement,
              recipients: [request.email],
              notWithinSeconds: acknowledgementIntervalSeconds,
              messageId: acknowledgementId,
            },
          ],
        });
        // A double press on Send: the buyer is told the reference of the request already stored.
        const stored = accepted.duplicate ? ((await store.referenceOf(accepted.id)) ?? lead.reference) : lead.reference;
        if (!accepted.duplicate) kick();
        // A quantity below a product's usual minimum: the buyer is told it will be discussed (decision 0148).
        const belowMinimum = lead.products.some((p) => p.belowMinimum);
        if (wantsJson(c)) return c.json({ reference: stored, belowMinimum }, 200);
        return seeOther(c, answerIn(quoteSentPath(stored, belowMinimum), locale, locales));
      } catch (error) {
        console.error(`quote form: could not store the request: ${reasonOf(error)}`);
        return refuse(c, "failed", 503, [], locale);
      }
    },
  );
  return api;
}
