import { Hono } from "hono";
import { environmentDefaults } from "../../app/lib/contracts/environment.server";
import { jsonBody, requestGuards } from "./request-guards";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { clientKey, type ProxyTrust } from "../client-address";
import { mailRequestBodyLimitBytes } from "../security-headers";
import addressparser from "nodemailer/lib/addressparser";
import { composeEml, type Addresses } from "./eml";
import { createFormPostApi } from "./form-post-api";
import { quoteRequestMaxBodyBytes } from "../../app/lib/contracts/quote";
import { createQuoteApi, type QuoteApiDeps } from "../quote/quote-api";
import { createRateLimiter, type RateLimit } from "./rate-limit";
import { reasonOf, type Database } from "../leads/db";
import { MailRelay } from "../leads/relay";
import { LeadStore } from "../leads/store";
import { describeIssues, sendRequestSchema, templateSchemas, type Submission } from "./schema";

export type MailOptions = {
  /** Where accepted submissions are stored, each with its mail job (server/leads). */
  database: Database;
  /** Per-client limit on POSTs; default 10 per 10 minutes. */
  rateLimit?: RateLimit;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback): server/client-address.ts. */
  trustedProxies?: ProxyTrust;
  addresses?: Partial<Addresses>;
  /** When set, every stored message is also relayed to this SMTP server. */
  smtpUrl?: string;
  relayRetryBaseMs?: number;
  /** How long a relay's claim on a mail job lasts (server/leads/relay.ts). */
  relayLeaseMs?: number;
  /** A submission identical to one accepted this recently is not stored again (a double press on Send). */
  duplicateWindowMs?: number;
  /** Largest request body accepted (bytes); the 50KB resume is ~68KB as base64. Native form posts too. */
  maxBodyBytes?: number;
  /** Largest quote request (the attachments, 25 MB in all, and the form): app/lib/contracts/quote.ts. */
  maxQuoteBodyBytes?: number;
  /** Whether {family}/{item} is a product the site shows (server/app.ts: its gallery page is built). */
  knownProduct?: (ref: string) => boolean;
  /** The products of the build being served, with their own terms (issue 47; server/app.ts). */
  products?: QuoteApiDeps["products"];
};

export const defaultRateLimit: RateLimit = {
  max: environmentDefaults.MAIL_RATE_LIMIT_MAX,
  windowMs: environmentDefaults.MAIL_RATE_LIMIT_WINDOW_SECONDS * 1000,
};
/** Used for every address the options leave unset (MAIL_FROM, MAIL_TO in .env.example). */
export const defaultAddresses: Addresses = { from: "SSL website <website@localhost>", to: "info@localhost" };

/** The addresses in use: those given, the defaults for the rest (the relay's and the staff desk's sender too). */
export function mailAddresses(given?: Partial<Addresses>): Addresses {
  return { from: given?.from || defaultAddresses.from, to: given?.to || defaultAddresses.to, sales: given?.sales || undefined };
}

/**
 * An EmailJS-compatible `POST /api/v1.0/email/send`: what the official SDK posts, checked, stored
 * in the leads database with its mail job (and relayed by SMTP when configured). Answers like EmailJS: 200 "OK", or
 * 4xx with a plain-text reason.
 */
export function createMailApi(options: MailOptions) {
  const addresses = mailAddresses(options.addresses);
  const limiter = createRateLimiter(options.rateLimit ?? defaultRateLimit);
  const store = new LeadStore(options.database, {
    compose: (submission) => composeEml(submission, addresses),
    duplicateWindowMs: options.duplicateWindowMs,
  });
  const relay = options.smtpUrl
    ? new MailRelay(options.database, {
        smtpUrl: options.smtpUrl,
        envelope: {
          from: addresses.from,
          to: addressparser(addresses.to, { flatten: true }).map((a) => a.address),
        },
        retryBaseMs: options.relayRetryBaseMs,
        leaseMs: options.relayLeaseMs,
      })
    : undefined;
  // Messages left from before a restart (or a mail server outage) go out first.
  relay?.kick();

  const maxBodyBytes = options.maxBodyBytes ?? mailRequestBodyLimitBytes;
  // One rule for both paths: stored with its mail job in one transaction (or found to repeat a
  // submission of the last minutes); throws when the database cannot take it.
  const deliver = async (submission: Submission) => {
    const accepted = await store.accept(submission);
    if (!accepted.duplicate) relay?.kick();
    return accepted;
  };

  const api = new Hono();
  // The forms' native posts (no JavaScript yet, or none at all): /form/contact and /form/career.
  api.route(
    "/form",
    createFormPostApi({ limiter, clientKey: (c) => clientKey(c, options.trustedProxies), maxBodyBytes, deliver }),
  );
  api.post(
    "/send",
    ...requestGuards({
      limiter,
      clientKey: (c) => clientKey(c, options.trustedProxies),
      accepts: jsonBody,
      maxBodyBytes,
      tooMany: (c) => c.text("Too Many Requests: please wait before sending again", 429),
      tooLarge: (c) => c.text("Payload Too Large: the request body is over the limit (the resume may be 50KB at most)", 413),
    }),
    async (c) => {
      let json: unknown;
      try {
        json = JSON.parse(await c.req.text());
      } catch {
        return c.text("Bad Request: the body is not valid JSON", 400);
      }
      const request = sendRequestSchema.safeParse(json);
      if (!request.success) return c.text(`Bad Request: ${describeIssues(request.error)}`, 400);
      const { user_id, service_id, template_id, template_params } = request.data;
      if (user_id !== localMailIds.publicKey) return c.text("Bad Request: the public key is invalid", 400);
      if (service_id !== localMailIds.serviceId) return c.text("Bad Request: the service ID is invalid", 400);
      // An own property only: "__proto__" or "toString" name no template.
      if (!Object.hasOwn(templateSchemas, template_id)) {
        return c.text(`Bad Request: the template ID is invalid: no template ${JSON.stringify(template_id)}`, 400);
      }
      const template = templateSchemas[template_id as keyof typeof templateSchemas];

      const params = template.schema.safeParse(template_params ?? {});
      if (!params.success) return c.text(`Bad Request: template_params: ${describeIssues(params.error)}`, 400);

      try {
        await deliver({ form: template.form, params: params.data } as Submission);
      } catch (error) {
        console.error(`mail endpoint: could not store the message: ${reasonOf(error)}`);
        return c.text("Service Unavailable: the message could not be stored, please try again later", 503);
      }
      return c.text("OK", 200);
    },
  );
  // The /quote form (issue 27): the same store, relay and per-client budget.
  const quote = createQuoteApi({
    store,
    kick: () => relay?.kick(),
    limiter,
    clientKey: (c) => clientKey(c, options.trustedProxies),
    maxBodyBytes: options.maxQuoteBodyBytes ?? quoteRequestMaxBodyBytes,
    addresses,
    knownProduct: options.knownProduct ?? (() => true),
    products: options.products,
  });
  return { api, quote, relay, store };
}
