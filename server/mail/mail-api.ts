import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { clientKey, type ProxyTrust } from "../client-address";
import { mailRequestBodyLimitBytes } from "../security-headers";
import addressparser from "nodemailer/lib/addressparser";
import { createDuplicateFilter, submissionKey } from "./duplicate-filter";
import { composeEml, type Addresses } from "./eml";
import { createFormPostApi } from "./form-post-api";
import { Outbox } from "./outbox";
import { createRateLimiter, type RateLimit } from "./rate-limit";
import { Relay } from "./relay";
import { describeIssues, sendRequestSchema, templateSchemas, type Submission } from "./schema";

export type MailOptions = {
  /** Where accepted messages are stored as .eml files (OUTBOX_DIR, default ./outbox). */
  outboxDir: string;
  /** Per-client limit on POSTs; default 10 per 10 minutes. */
  rateLimit?: RateLimit;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback): server/client-address.ts. */
  trustedProxies?: ProxyTrust;
  addresses?: Partial<Addresses>;
  /** When set, every stored message is also relayed to this SMTP server. */
  smtpUrl?: string;
  relayRetryBaseMs?: number;
  /** Largest request body accepted (bytes); the 50KB resume is ~68KB as base64. Native form posts too. */
  maxBodyBytes?: number;
};

export const defaultRateLimit: RateLimit = { max: 10, windowMs: 10 * 60_000 };
/** Used for every address the options leave unset (MAIL_FROM, MAIL_TO in .env.example). */
export const defaultAddresses: Addresses = { from: "SSL website <website@localhost>", to: "info@localhost" };

/**
 * An EmailJS-compatible `POST /api/v1.0/email/send`: what the official SDK posts, checked, stored
 * durably in the outbox (and relayed by SMTP when configured). Answers like EmailJS: 200 "OK", or
 * 4xx with a plain-text reason.
 */
export function createMailApi(options: MailOptions) {
  const outbox = new Outbox(options.outboxDir);
  const addresses: Addresses = {
    from: options.addresses?.from || defaultAddresses.from,
    to: options.addresses?.to || defaultAddresses.to,
  };
  const limiter = createRateLimiter(options.rateLimit ?? defaultRateLimit);
  const relay = options.smtpUrl
    ? new Relay(outbox, {
        smtpUrl: options.smtpUrl,
        envelope: {
          from: addresses.from,
          to: addressparser(addresses.to, { flatten: true }).map((a) => a.address),
        },
        retryBaseMs: options.relayRetryBaseMs,
      })
    : undefined;
  // Messages left from before a restart (or a mail server outage) go out first.
  relay?.kick();

  const maxBodyBytes = options.maxBodyBytes ?? mailRequestBodyLimitBytes;
  // One rule for the JSON endpoint and the native posts: the same submission twice (a double press
  // on Send, a retry after a lost answer) is stored once and answered as sent both times.
  const duplicates = createDuplicateFilter();
  const deliver = async (submission: Submission) => {
    const key = submissionKey(submission);
    if (!duplicates.claim(key)) return;
    try {
      await outbox.store(await composeEml(submission, addresses));
    } catch (error) {
      duplicates.release(key);
      throw error;
    }
    relay?.kick();
  };

  const api = new Hono();
  // The forms' native posts (no JavaScript yet, or none at all): /form/contact and /form/career.
  api.route(
    "/form",
    createFormPostApi({ limiter, clientKey: (c) => clientKey(c, options.trustedProxies), maxBodyBytes, deliver }),
  );
  api.post(
    "/send",
    async (c, next) => {
      const ip = clientKey(c, options.trustedProxies);
      if (!limiter.hit(ip)) {
        return c.text("Too Many Requests: please wait before sending again", 429, {
          "Retry-After": String(limiter.retryAfterSeconds(ip)),
        });
      }
      const type = c.req.header("content-type") ?? "";
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        return c.text("Unsupported Media Type: send JSON (Content-Type: application/json)", 415);
      }
      await next();
    },
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.text("Payload Too Large: the request body is over the limit (the resume may be 50KB at most)", 413),
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

      await deliver({ form: template.form, params: params.data } as Submission);
      return c.text("OK", 200);
    },
  );
  return { api, relay, outbox };
}
