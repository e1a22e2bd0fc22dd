import { Hono } from "hono";
import { environmentDefaults } from "../../app/lib/contracts/environment.server";
import type { CareerLead, ContactLead } from "../../app/lib/contracts/leads";
import { quoteRequestMaxBodyBytes } from "../../app/lib/contracts/quote";
import type { Database } from "../db/db";
import { LeadStore } from "../leads/store";
import type { LeadFiles } from "../leads/files";
import { envelopeAddresses, mailAddresses, type Addresses } from "../mail/addresses";
import { composeCareerNotification, composeContactNotification } from "../mail/lead-mails";
import { MailRelay } from "../mail/relay";
import { clientKey, type ProxyTrust } from "../platform/client-address";
import { createRateLimiter, type RateLimit } from "../platform/rate-limit";
import { mailRequestBodyLimitBytes } from "../platform/security-headers";
import { emailjsRoute } from "./emailjs";
import { nativePostRoutes } from "./native-posts";
import { localeOfForm, localeOfReferer, type SiteLocales } from "./form-locale";
import { createQuoteRoutes, type QuoteRouteOptions } from "./quote";

export type IntakeOptions = {
  /** Where accepted leads are stored, each with its mail jobs (server/leads). */
  database: Database;
  /** Per-client limit on POSTs; default 10 per 10 minutes. */
  rateLimit?: RateLimit;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback): server/platform/client-address.ts. */
  trustedProxies?: ProxyTrust;
  addresses?: Partial<Addresses>;
  /** When set, every stored message is also relayed to this SMTP server. */
  smtpUrl?: string;
  relayRetryBaseMs?: number;
  /** How long a relay's claim on a mail job lasts (server/mail/relay.ts). */
  relayLeaseMs?: number;
  /** A lead identical to one accepted this recently is not stored again (a double press on Send). */
  duplicateWindowMs?: number;
  /** Where the leads' files go (OBJECT_STORAGE_*: the bucket, decision 0161); default: in the database. */
  files?: LeadFiles;
  /** Largest request body accepted (bytes); the 50KB resume is ~68KB as base64. Native form posts too. */
  maxBodyBytes?: number;
  /** Largest quote request (the attachments, 25 MB in all, and the form): app/lib/contracts/quote.ts. */
  maxQuoteBodyBytes?: number;
  /** Whether {family}/{item} is a product the site shows (server/app.ts: its gallery page is built). */
  knownProduct?: (ref: string) => boolean;
  /** The site's public origin, where e-mails link to the staff desk (server/app.ts: the served build's). */
  siteUrl?: () => string | undefined;
  /** The products of the build being served, with their own minimum orders and lead times (decision 0078; server/app.ts). */
  products?: QuoteRouteOptions["products"];
  /** The languages of the build being served (decision 0164): a form's `locale` must be one of them; English only when absent. */
  locales?: SiteLocales;
  /** The buyer's words of the build being served (its quotation settings; decision 0164): the acknowledgement in the lead's language. */
  quotation?: QuoteRouteOptions["quotation"];
};

/** The former name of the intake's options (server/app.ts `mail`). */
export type MailOptions = IntakeOptions;

export const defaultRateLimit: RateLimit = {
  max: environmentDefaults.MAIL_RATE_LIMIT_MAX,
  windowMs: environmentDefaults.MAIL_RATE_LIMIT_WINDOW_SECONDS * 1000,
};

/**
 * Every form's way in (decision 0082): the EmailJS-compatible JSON endpoint and the native posts
 * (`api`, mounted at /api/v1.0/email) and the quote request (`quote`, at /api/v1.0/quote), one
 * per-client budget for all of them. Each request goes guards → read into a typed lead → checks →
 * its e-mails composed (server/mail) → stored with them in one transaction (server/leads) → answer;
 * the relay (server/mail/relay.ts, with SMTP_URL) then sends what was stored.
 */
export function createIntake(options: IntakeOptions) {
  const addresses = mailAddresses(options.addresses);
  const limiter = createRateLimiter(options.rateLimit ?? defaultRateLimit);
  const store = new LeadStore(options.database, { duplicateWindowMs: options.duplicateWindowMs, files: options.files });
  const relay = options.smtpUrl
    ? new MailRelay(options.database, {
        smtpUrl: options.smtpUrl,
        envelope: { from: addresses.from, to: envelopeAddresses(addresses.to) },
        retryBaseMs: options.relayRetryBaseMs,
        leaseMs: options.relayLeaseMs,
        files: options.files,
      })
    : undefined;
  // Messages left from before a restart (or a mail server outage) go out first.
  relay?.kick();
  const kick = () => relay?.kick();
  const key = (c: Parameters<typeof clientKey>[0]) => clientKey(c, options.trustedProxies);
  const maxBodyBytes = options.maxBodyBytes ?? mailRequestBodyLimitBytes;

  // A contact message or an application: its notification, stored with it in one transaction (or
  // found to repeat a lead of the last minutes); throws when the database cannot take it.
  const locales = options.locales ?? (() => undefined);
  const deliver = async (given: ContactLead | CareerLead) => {
    // The one check of a form's language, native or JSON (decision 0164): an unknown one is the default's.
    const lead = { ...given, locale: localeOfForm(given.locale, locales) };
    const eml = lead.kind === "contact" ? await composeContactNotification(lead, addresses) : await composeCareerNotification(lead, addresses);
    const accepted = await store.accept(lead, { eml });
    if (!accepted.duplicate) kick();
    return accepted;
  };

  const api = new Hono();
  // The forms' native posts (no JavaScript yet, or none at all): /form/contact and /form/career.
  nativePostRoutes(api, { limiter, clientKey: key, maxBodyBytes, deliver, locales });
  emailjsRoute(api, { limiter, clientKey: key, maxBodyBytes, deliver, localeOf: (c) => localeOfReferer(c, locales) });
  const quote = createQuoteRoutes({
    store,
    kick,
    limiter,
    clientKey: key,
    maxBodyBytes: options.maxQuoteBodyBytes ?? quoteRequestMaxBodyBytes,
    addresses,
    knownProduct: options.knownProduct ?? (() => true),
    siteUrl: options.siteUrl,
    products: options.products,
    locales,
    quotation: options.quotation,
  });
  return { api, quote, relay, store };
}
