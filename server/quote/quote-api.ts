import { Hono, type Context } from "hono";
import countries from "i18n-iso-countries";
import addressparser from "nodemailer/lib/addressparser";
import { honeypotName } from "../../app/lib/contracts/form-endpoint";
import {
  attachmentTypes,
  formatQuoteReference,
  quoteFieldNames,
  quoteNotSentPath,
  quotePaths,
  type AttachmentFacts,
  type QuoteIssue,
  type QuoteProblem,
} from "../../app/lib/contracts/quote";
import { checkQuoteRequest, detectAttachmentType } from "../../app/lib/contracts/quote-check";
import { withoutInvisibleControls } from "../../app/lib/contracts/visible-text";
import { reasonOf } from "../leads/db";
import type { LeadStore } from "../leads/store";
import type { Addresses } from "../mail/eml";
import type { createRateLimiter } from "../mail/rate-limit";
import { formBody, readForm, requestGuards, seeOther, textField } from "../mail/request-guards";
import type { QuoteFile, QuoteParams } from "../mail/schema";
import { composeQuoteAcknowledgement } from "./quote-eml";
import type { ProductsOf } from "./products";

export type QuoteApiDeps = {
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
  /** The products of the build being served, with their own minimum orders and lead times (issue 47). */
  products?: () => Promise<ProductsOf>;
  now?: () => Date;
};

/**
 * POST /api/v1.0/quote: the /quote form, as a native multipart post (303 See Other to
 * /quote/sent?ref=… or /quote/not-sent/{problem}) or, from the hydrated form, the same body with
 * `Accept: application/json` (200 { reference }, or 4xx { problem, issues }). One order for both:
 * rate limit → content type (415) → body limit → parse (400) → honeypot → checks → reference →
 * stored once with its two mails (the sales notification and the buyer's acknowledgement).
 */
export function createQuoteApi({ store, kick, limiter, clientKey, maxBodyBytes, addresses, knownProduct, products = async () => () => undefined, now = () => new Date() }: QuoteApiDeps) {
  const api = new Hono();
  const wantsJson = (c: Context) => /application\/json/i.test(c.req.header("accept") ?? "");
  const refuse = (c: Context, problem: QuoteProblem, status: 400 | 413 | 429 | 503, issues: QuoteIssue[] = []) => {
    if (wantsJson(c)) return c.json({ problem, issues }, status);
    return seeOther(c, quoteNotSentPath(problem));
  };

  api.post(
    "/",
    ...requestGuards({
      limiter,
      clientKey,
      accepts: formBody,
      maxBodyBytes,
      tooMany: (c) => refuse(c, "too-many", 429),
      tooLarge: (c) => refuse(c, "too-large", 413),
    }),
    async (c) => {
      const data = await readForm(c);
      if (data instanceof Response) return data;
      const text = (name: string) => textField(data, name);
      if (text(honeypotName)) return refuse(c, "spam", 400);

      // A form posted with no file chosen still sends one empty part.
      const files = data.getAll(quoteFieldNames.attachments).filter((f): f is File => f instanceof File && f.size > 0);
      const contents = await Promise.all(files.slice(0, 16).map(async (f) => new Uint8Array(await f.arrayBuffer())));
      const facts: AttachmentFacts[] = files.map((f, i) => ({ name: f.name, size: f.size, type: contents[i] ? detectAttachmentType(contents[i]) : undefined }));

      const today = now();
      // Each product's own minimum order and lead time (issue 47), as the form checked them.
      const productOf = await products();
      const checked = checkQuoteRequest(text, facts, today, (ref) => productOf(ref));
      if (!checked.ok) return refuse(c, checked.issues[0]!.problem, 400, checked.issues);
      const { request } = checked;
      const unknown = request.products.findIndex((p) => !knownProduct(p.product));
      if (unknown >= 0) return refuse(c, "product", 400, [{ problem: "product", field: "product" }]);
      if (!countries.isValid(request.country)) return refuse(c, "country", 400, [{ problem: "country", field: "country" }]);

      const attachments: Record<string, QuoteFile | string> = {};
      facts.forEach((fact, i) => {
        const type = attachmentTypes[fact.type!];
        // The name keeps what the buyer called it, without bidi tricks, with the extension of its content.
        const base = withoutInvisibleControls(fact.name).replace(/[/\\\r\n]/g, "_").replace(/\.[^.]*$/, "").slice(0, 200) || "attachment";
        attachments[`attachment_${i + 1}`] = { contentType: type.mimeType, content: Buffer.from(contents[i]!) };
        attachments[`attachment_${i + 1}_filename`] = `${base}${type.extension}`;
      });

      try {
        const year = today.getUTCFullYear();
        const reference = formatQuoteReference(year, await store.nextQuoteNumber(year));
        const params = {
          reference,
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
          // Each product with its name and specification as the site showed them (the mails and the desk say them).
          products: JSON.stringify(
            request.products.map((p) => {
              const product = productOf(p.product);
              return product ? { ...p, label: product.label, summary: product.summary, terms: product.terms } : p;
            }),
          ),
          ...attachments,
        } as QuoteParams;
        const acknowledgement = await composeQuoteAcknowledgement(params, addresses);
        const sales = addressparser(addresses.sales ?? addresses.to, { flatten: true }).map((a) => a.address);
        const accepted = await store.accept(
          { form: "quote", params },
          { recipients: sales, mails: [{ kind: "acknowledgement", eml: acknowledgement, recipients: [request.email] }] },
        );
        // A double press on Send: the buyer is told the reference of the request already stored.
        const stored = accepted.duplicate ? ((await store.referenceOf(accepted.id)) ?? reference) : reference;
        if (!accepted.duplicate) kick();
        if (wantsJson(c)) return c.json({ reference: stored }, 200);
        return seeOther(c, `${quotePaths.sent}?ref=${stored}`);
      } catch (error) {
        console.error(`quote form: could not store the request: ${reasonOf(error)}`);
        return refuse(c, "failed", 503);
      }
    },
  );
  return api;
}
