/** @jsxImportSource hono/jsx */
import { createHash, randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { raw } from "hono/html";
import { formatMoney, lineAmount, totalsByCurrency } from "../../app/lib/contracts/money";
import {
  bankDetailsDefaults,
  hasBankDetails,
  letterheadTaglineIn,
  quotationWordsIn,
  type BankDetails,
  type QuotationSettings,
  type TextPart,
} from "../../app/lib/contracts/server-settings";
import { answerQuotation, isPastValidity, pdfForToken, quotationForToken, type BuyerAction, type BuyerQuotation } from "../leads/quotations";
import { FileMissing, LeadFiles } from "../leads/files";
import { composeAcceptanceConfirmation, composeQuotationAnswerMail } from "../mail/quotation-mails";
import { reasonOf } from "../platform/log-text";
import { ObjectStorageError } from "../platform/object-storage";
import { clientKey, clientOf, type ProxyTrust } from "../platform/client-address";
import { readPostedForm, trimmedField } from "../platform/form-reader";
import { createRateLimiter, type RateLimit } from "../platform/rate-limit";
import { scriptlessPageSecurityPolicy } from "../platform/security-headers";
import { seeOther } from "../platform/see-other";
import { utcMinute } from "../platform/utc-time";
import type { Database } from "../db/db";
import { buyerPageText, type BuyerPageText } from "./quotation-texts";

// The buyer's private page of a quotation version, /quotation/{token} (decision 0114):
// server-rendered, no script, native forms that post and answer 303 back to the page, which then
// shows the answer. A token no version has, or one staff withdrew, falls through to the site's own
// 404 (the same page as any unknown address). Never cached, never indexed, rate limited per client.

export type QuotationPageOptions = {
  db: Database;
  settings: () => QuotationSettings;
  /** The site's public origin (the link to the lead in the assignee's e-mail); never taken from a stranger's request. */
  siteUrl: () => string | undefined;
  /** MAIL_FROM, and who is told when the lead has no assignee (the sales address). */
  mail: { from: string; sales: string; queued: () => void };
  trustedProxies?: ProxyTrust;
  rateLimit?: RateLimit;
  now?: () => Date;
  /** Where the sent PDFs and the confirmations' messages are (OBJECT_STORAGE_*, decision 0161); default: in the database. */
  files?: LeadFiles;
};

export const quotationPagePattern = "/quotation/:token{[A-Za-z0-9_-]{43}}";
const limits = { name: 200, position: 200, message: 5000 } as const;

const css = `
:root{color-scheme:light;--ink:#1f2933;--muted:#4b5563;--brand:#0b3a7e;--rule:#d1d5db;--ok:#0f5132;--warn:#7a4d00;--bad:#8a1c1c}
*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--ink);background:#fff}
main{max-width:52rem;margin:0 auto;padding:1rem}header.company{border-bottom:3px solid var(--brand);padding:1rem;max-width:52rem;margin:0 auto}
header.company p{margin:0}.company-name{font-weight:700;color:var(--brand);font-size:1.15rem}.tagline{color:var(--muted);font-size:.9rem}
h1{color:var(--brand);font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;margin:1.75rem 0 .5rem}h3{font-size:1.05rem;margin:0 0 .5rem}
.status{border-left:.3rem solid var(--brand);background:#eef3fb;padding:.75rem 1rem;margin:1rem 0}.status.done{border-color:var(--ok);background:#e8f5ee}
.status.closed{border-color:var(--warn);background:#fff6e0}
.frame{overflow-x:auto}table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid var(--rule);padding:.4rem .5rem;text-align:left;vertical-align:top}td.num,th.num{text-align:right;white-space:nowrap}
.cell-label{display:none}
@media (max-width:40rem){.lines thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.lines,.lines tbody,.lines tr,.lines th,.lines td{display:block}.lines tr{border-bottom:1px solid var(--rule);padding:.5rem 0}
.lines th,.lines td{border:0;padding:.15rem 0}.lines td.num{display:flex;justify-content:space-between;gap:1rem}
.cell-label{display:inline;font-weight:600;color:var(--muted)}}
.detail{color:var(--muted);font-size:.9rem}dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;white-space:pre-line;overflow-wrap:anywhere}
form{border:1px solid var(--rule);border-radius:.4rem;padding:1rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,textarea{font:inherit;width:100%;max-width:32rem;padding:.5rem;border:1px solid #6b7280;border-radius:.25rem}
.hint{color:var(--muted);margin:.25rem 0}.error{color:var(--bad);font-weight:600;margin:.25rem 0}
button{font:inherit;font-weight:600;margin-top:.75rem;padding:.6rem 1rem;border-radius:.3rem;border:2px solid var(--brand);background:var(--brand);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--brand)}a{color:var(--brand)}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #f5b82e;outline-offset:2px}
.summary{border:3px solid var(--bad);padding:.75rem 1rem;margin:1rem 0}
`;
const styleHash = `sha256-${createHash("sha256").update(css, "utf8").digest("base64")}`;

type Problems = Partial<Record<"name" | "position" | "message" | "reason" | "form", string>>;
type Typed = Partial<Record<"name" | "position" | "message" | "reason", string>>;

const when = (date: Date) => utcMinute(date);
const daysBetween = (from: Date, lastDay: string) =>
  Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${from.toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);

function Field({
  id,
  label,
  hint,
  error,
  value,
  multiline,
  autocomplete,
  required,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value?: string;
  multiline?: boolean;
  autocomplete?: string;
  required?: boolean;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const name = id.split("-").at(-1)!;
  return (
    <>
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={4}
          maxlength={limits.message}
          required={required}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={described}
        >
          {value ?? ""}
        </textarea>
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          value={value ?? ""}
          maxlength={limits.name}
          autocomplete={autocomplete}
          required={required}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={described}
        />
      )}
    </>
  );
}

/** A figure's column name, shown beside it when a line is a card (a phone); hidden from a screen reader, which has the column header. */
const CellLabel = ({ children }: { children: string }) => (
  <span class="cell-label" aria-hidden="true">
    {children}
  </span>
);

function StatusBanner({ q, now, t }: { q: BuyerQuotation; now: Date; t: BuyerPageText }) {
  const s = t.status;
  // An accepted version stays accepted through a revision (decision 0137): the page says so, and what followed.
  if (q.status === "accepted" && q.respondedAt) {
    const later = q.laterAccepted !== null ? s.revisionAccepted(q.laterAccepted) : q.later ? s.revised(q.later.version, when(q.later.sentAt)) : undefined;
    return (
      <p class="status done">
        {s.accepted([q.responderName, q.responderPosition].filter(Boolean).join(", "), when(q.respondedAt))}
        {later && (
          <>
            <br />
            {later}
          </>
        )}
      </p>
    );
  }
  if (q.version < q.latestVersion || q.status === "superseded") return <p class="status closed">{s.superseded(q.latestVersion)}</p>;
  if (q.respondedAt) {
    const at = when(q.respondedAt);
    if (q.status === "changes_requested") return <p class="status done">{s.changes(at)}</p>;
    if (q.status === "declined") return <p class="status closed">{s.declined(at)}</p>;
    if (q.status === "expired") return <p class="status done">{s.renewed(at)}</p>;
  }
  if (q.status === "expired" || isPastValidity(q.validUntil, now)) return <p class="status closed">{s.expired(t.day(q.validUntil))}</p>;
  return <p class="status">{s.open(t.day(q.validUntil), t.daysLeft(daysBetween(now, q.validUntil)))}</p>;
}

/** The company's bank details under the terms (decision 0155): the fields the content fills, nothing while none is. */
function BankDetailsSection({ bank, t }: { bank: BankDetails | undefined; t: BuyerPageText }) {
  if (!hasBankDetails(bank)) return null;
  const rows = (Object.keys(bankDetailsDefaults) as (keyof BankDetails)[]).filter((key) => bank[key]);
  return (
    <>
      <h2>{t.bank.heading}</h2>
      <dl>
        {rows.map((key) => (
          <>
            <dt>{t.bank[key]}</dt>
            <dd>{bank[key]}</dd>
          </>
        ))}
      </dl>
    </>
  );
}

/** What the buyer may do now: answer an open version, or ask for a new one after the validity. */
function stateOf(q: BuyerQuotation, now: Date): "open" | "expired" | "closed" {
  if (q.version < q.latestVersion || q.respondedAt || !["sent", "expired"].includes(q.status)) return "closed";
  return q.status === "expired" || isPastValidity(q.validUntil, now) ? "expired" : "open";
}

function QuotationPage({
  q,
  token,
  company,
  tagline,
  now,
  t,
  problems = {},
  typed = {},
  bank,
}: {
  q: BuyerQuotation;
  token: string;
  company: string;
  /** The letterhead's tagline in the page's language, marked where it is not (decision 0203: `letterheadTaglineIn`). */
  tagline: TextPart;
  now: Date;
  t: BuyerPageText;
  /** The company's bank details as the build being served has them (decision 0155). */
  bank?: BankDetails;
  problems?: Problems;
  typed?: Typed;
}) {
  const label = `${q.reference} v${q.version}`;
  const totals = totalsByCurrency(q.lines);
  const state = stateOf(q, now);
  const path = `/quotation/${token}`;
  const summary = Object.entries(problems).filter(([, message]) => message);
  const terms = (Object.keys(t.terms) as (keyof typeof t.terms)[])
    .map((key) => [t.terms[key], key === "incoterm" ? [q.incoterm, q.namedPlace].filter(Boolean).join(" ") : q[key]] as const)
    .filter(([, value]) => value);
  return (
    <html lang={t.locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${summary.length ? "Error: " : ""}${t.title(label)} · ${company}`}</title>
        {/* Raw: JSX would escape the quotes in the font list, and the browser hashes the text as written. */}
        <style>{raw(css)}</style>
      </head>
      <body>
        <header class="company">
          <p class="company-name">{company}</p>
          {tagline.text && (
            <p class="tagline" lang={tagline.lang}>
              {tagline.text}
            </p>
          )}
        </header>
        <main id="main">
          <h1>{t.title(label)}</h1>
          <p>{t.forBuyer(q.buyer.company, q.buyer.name)}</p>
          {summary.length > 0 && (
            <div class="summary" role="alert" aria-labelledby="problems-heading">
              <h2 id="problems-heading">{t.problems.summary}</h2>
              <ul>
                {summary.map(([field, message]) => (
                  <li>{field === "form" ? message : <a href={`#${fieldIdOf(field)}`}>{message}</a>}</li>
                ))}
              </ul>
            </div>
          )}
          <StatusBanner q={q} now={now} t={t} />
          <dl>
            <dt>{t.issued}</dt>
            <dd>{q.sentAt ? t.day(q.sentAt) : ""}</dd>
            <dt>{t.validUntil}</dt>
            <dd>{t.day(q.validUntil)}</dd>
          </dl>
          <p>
            <a href={`${path}/pdf`} download={`${q.reference}-v${q.version}.pdf`}>
              {t.download(label)}
            </a>
          </p>

          <h2>{t.linesHeading}</h2>
          {/* On a phone each line is a card: its product, then each figure under the column's name
              (shown, not read). The explicit roles keep the table's rows, cells and headers for a
              screen reader whatever display the cells take (some browsers drop a table's semantics
              once its cells are blocks): redundant by the markup, needed by the CSS (decision 0139). */}
          {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- see above */}
          <div class="frame">
            <table class="lines" role="table">
              <caption>{t.linesCaption}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {t.columns.product}
                  </th>
                  <th scope="col" role="columnheader" class="num">
                    {t.columns.quantity}
                  </th>
                  <th scope="col" role="columnheader" class="num">
                    {t.columns.unitPrice}
                  </th>
                  <th scope="col" role="columnheader" class="num">
                    {t.columns.amount}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {q.lines.map((line) => {
                  const amount = lineAmount(line);
                  return (
                    <tr role="row">
                      <th scope="row" role="rowheader">
                        {line.product}
                        <br />
                        <span class="detail">{t.detail(line.colours, line.sizes)}</span>
                        {line.notes && (
                          <>
                            <br />
                            <span class="detail">{line.notes}</span>
                          </>
                        )}
                        {/* Offers for a larger order, under the line: its amount and the totals stay at its quantity (decision 0156). */}
                        {line.breaks.map((b) => (
                          <>
                            <br />
                            <span class="detail">{t.priceBreak(b.minQuantity, formatMoney(b.unitPriceMinor, line.currency))}</span>
                          </>
                        ))}
                      </th>
                      <td role="cell" class="num">
                        <CellLabel>{t.columns.quantity}</CellLabel>
                        {t.pieces(line.quantity)}
                      </td>
                      <td role="cell" class="num">
                        <CellLabel>{t.columns.unitPrice}</CellLabel>
                        {line.unitPriceMinor === null ? "" : formatMoney(line.unitPriceMinor, line.currency)}
                      </td>
                      <td role="cell" class="num">
                        <CellLabel>{t.columns.amount}</CellLabel>
                        {amount === null ? "" : formatMoney(amount, line.currency)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
          <div class="frame">
            <table>
              <caption>{t.totalsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.totalColumns.currency}</th>
                  <th scope="col" class="num">
                    {t.totalColumns.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {totals.map((total) => (
                  <tr>
                    <th scope="row">{total.currency}</th>
                    <td class="num">{formatMoney(total.minor, total.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h2>{t.termsHeading}</h2>
          <dl>
            {terms.map(([name, value]) => (
              <>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </>
            ))}
          </dl>

          <BankDetailsSection bank={bank} t={t} />

          {state !== "closed" && <h2>{t.actionsHeading}</h2>}
          {state === "open" && (
            <>
              <form method="post" action={`${path}/accept`} aria-labelledby="accept-heading">
                <h3 id="accept-heading">{t.accept.heading}</h3>
                <p class="hint">{t.accept.intro}</p>
                <Field id="accept-name" label={t.accept.name} value={typed.name} error={problems.name} autocomplete="name" required />
                <Field
                  id="accept-position"
                  label={t.accept.position}
                  value={typed.position}
                  error={problems.position}
                  autocomplete="organization-title"
                  required
                />
                <button type="submit">{t.accept.button}</button>
              </form>
              <form method="post" action={`${path}/changes`} aria-labelledby="changes-heading">
                <h3 id="changes-heading">{t.changes.heading}</h3>
                <Field id="changes-message" label={t.changes.message} hint={t.changes.hint} value={typed.message} error={problems.message} multiline required />
                <button type="submit" class="secondary">
                  {t.changes.button}
                </button>
              </form>
              <form method="post" action={`${path}/decline`} aria-labelledby="decline-heading">
                <h3 id="decline-heading">{t.decline.heading}</h3>
                <Field id="decline-reason" label={t.decline.reason} value={typed.reason} error={problems.reason} multiline />
                <button type="submit" class="secondary">
                  {t.decline.button}
                </button>
              </form>
            </>
          )}
          {state === "expired" && (
            <form method="post" action={`${path}/renew`} aria-labelledby="renew-heading">
              <h3 id="renew-heading">{t.renew.heading}</h3>
              <Field id="renew-message" label={t.renew.message} hint={t.renew.hint} value={typed.message} error={problems.message} multiline required />
              <button type="submit">{t.renew.button}</button>
            </form>
          )}
        </main>
      </body>
    </html>
  );
}

const fieldIdOf = (field: string) =>
  ({ name: "accept-name", position: "accept-position", message: "changes-message", reason: "decline-reason" })[field] ?? field;

/** The form a post came from must be this site's page (CSRF, as the staff desk checks: decision 0048). */
function fromThisSite(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = c.req.header("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host === (c.req.header("host") ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}

/** The buyer's page, its PDF and its four answers, mounted by the app before the built files. */
export function createQuotationPages(options: QuotationPageOptions) {
  const now = options.now ?? (() => new Date());
  const files = options.files ?? new LeadFiles();
  /** The page's words from the build being served (a publish brings the studio's new ones). */
  const words = () => buyerPageText(options.settings().page);
  /** In the language of the buyer's request (decision 0164), what its translation leaves out in English. */
  const wordsFor = (q: BuyerQuotation) => buyerPageText(quotationWordsIn(options.settings(), q.locale).page, q.locale);
  const limiter = createRateLimiter(options.rateLimit ?? { max: 60, windowMs: 10 * 60_000 });
  const app = new Hono<{ Variables: { contentSecurityPolicy?: string } }>();

  const headers = (c: Context) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Referrer-Policy", "no-referrer");
    c.set("contentSecurityPolicy", scriptlessPageSecurityPolicy([styleHash]));
  };

  app.use("/quotation/*", async (c, next) => {
    headers(c);
    const key = clientKey(c, options.trustedProxies);
    if (!limiter.hit(key)) {
      c.header("Retry-After", String(limiter.retryAfterSeconds(key)));
      return c.text(words().problems.tooMany, 429);
    }
    await next();
  });

  /** Not a link we gave (or one withdrawn): the site's own 404, exactly as any unknown address (its own CSP). */
  const elsewhere = (c: Context) => {
    c.set("contentSecurityPolicy", undefined);
    return c.notFound();
  };

  const page = (c: Context, q: BuyerQuotation, token: string, extra: { problems?: Problems; typed?: Typed; status?: 200 | 400 | 403 | 409 } = {}) =>
    c.html(
      `<!doctype html>${(
        <QuotationPage
          q={q}
          token={token}
          company={options.settings().letterhead.name}
          tagline={letterheadTaglineIn(options.settings().letterhead, q.locale)}
          now={now()}
          t={wordsFor(q)}
          problems={extra.problems}
          typed={extra.typed}
          bank={options.settings().bankDetails}
        />
      ).toString()}`,
      extra.status ?? 200,
    );

  app.get(quotationPagePattern, async (c: Context) => {
    const token = c.req.param("token")!;
    const q = await quotationForToken(options.db, token);
    if (!q) return elsewhere(c);
    return page(c, q, token);
  });

  app.get(`${quotationPagePattern}/pdf`, async (c: Context) => {
    const token = c.req.param("token")!;
    const [q, pdf] = await Promise.all([quotationForToken(options.db, token), pdfForToken(options.db, token)]);
    if (!q || !pdf) return elsewhere(c);
    // Streamed from where it is: its row, or the bucket through this server (decision 0161: no bucket URL is given out).
    let body: ReadableStream<Uint8Array>;
    try {
      body = await files.open(pdf);
    } catch (error) {
      if (error instanceof FileMissing) return elsewhere(c);
      if (!(error instanceof ObjectStorageError)) throw error;
      console.error(`A quotation's PDF could not be read from the bucket: ${reasonOf(error)}`);
      c.header("Retry-After", "60");
      return c.body(null, 503);
    }
    return c.body(body, 200, {
      ...(pdf.size === null ? {} : { "Content-Length": String(pdf.size) }),
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${q.reference}-v${q.version}.pdf"`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  /**
   * The company's confirmation of an acceptance to the buyer (decision 0155), composed before the
   * answer is stored so that one statement stores both: the version's own PDF as it was sent, its
   * page's link from SITE_URL only (never the request's Host: this mail goes from the company).
   */
  const acceptanceConfirmation = async (q: BuyerQuotation, token: string) => {
    const stored = await pdfForToken(options.db, token);
    if (!stored) return undefined;
    // Attached to the mail being composed: read whole (a mail is composed in memory).
    const pdf = await files.read(stored);
    const site = options.siteUrl();
    return composeAcceptanceConfirmation(options.db, {
      leadId: q.leadId,
      reference: q.reference,
      version: q.version,
      acceptedAt: now(),
      sender: q.sentByName ?? options.settings().letterhead.name,
      company: options.settings().letterhead.name,
      link: site ? `${site}/quotation/${token}` : null,
      pdf,
      addresses: { from: options.mail.from, to: options.mail.sales, sales: options.mail.sales },
      key: randomUUID(),
    });
  };

  app.post(`${quotationPagePattern}/:action{accept|changes|decline|renew}`, async (c: Context) => {
    const token = c.req.param("token")!;
    const q = await quotationForToken(options.db, token);
    if (!q) return elsewhere(c);
    const t = wordsFor(q);
    if (!fromThisSite(c)) return page(c, q, token, { problems: { form: t.problems.crossSite }, status: 403 });
    const typedIn = (data: FormData | null): Typed => {
      const field = (name: string) => (data ? trimmedField(data, name) : "");
      return { name: field("name"), position: field("position"), message: field("message"), reason: field("reason") };
    };
    // A character no keyboard types (decision 0134): the page again with what was typed, the field named.
    const form = await readPostedForm(c, (_, refused) => {
      const at = (["name", "position", "message", "reason"] as const).find((name) => name === refused.field) ?? "form";
      return page(c, q, token, {
        problems: { [at]: `${refused.reason[0]!.toUpperCase()}${refused.reason.slice(1)}.` },
        typed: typedIn(refused.typed),
        status: 400,
      });
    });
    const kind = c.req.param("action") as BuyerAction["kind"];
    const typed = typedIn(form);
    const problems: Problems = {};
    if (kind === "accept") {
      if (!typed.name) problems.name = t.problems.name;
      else if (typed.name.length > limits.name) problems.name = t.problems.tooLong(t.accept.name, limits.name);
      if (!typed.position) problems.position = t.problems.position;
      else if (typed.position.length > limits.position) problems.position = t.problems.tooLong(t.accept.position, limits.position);
    } else if (kind === "changes" || kind === "renew") {
      if (!typed.message) problems.message = kind === "renew" ? t.problems.renewMessage : t.problems.message;
      else if (typed.message.length > limits.message) problems.message = t.problems.tooLong(t.changes.message, limits.message);
    } else if ((typed.reason ?? "").length > limits.message) problems.reason = t.problems.tooLong(t.decline.reason, limits.message);
    if (Object.keys(problems).length) return page(c, q, token, { problems, typed, status: 400 });

    const action: BuyerAction =
      kind === "accept"
        ? { kind, name: typed.name!, position: typed.position! }
        : kind === "decline"
          ? { kind, reason: typed.reason ?? "" }
          : { kind, message: typed.message! };
    const label = `${q.reference} v${q.version}`;
    const siteUrl = options.siteUrl() ?? new URL(c.req.url).origin;
    const recipients = q.assigneeEmail ?? options.mail.sales;
    const eml = await composeQuotationAnswerMail({
      from: options.mail.from,
      to: recipients,
      label,
      action: kind,
      link: `${siteUrl}/staff/leads/${q.leadId}`,
      date: now(),
    });
    // The confirmation attaches the PDF as sent: a PDF in a bucket that does not answer just now
    // stores nothing (503, try again), never an acceptance without its confirmation (decision 0155).
    let confirmation: Awaited<ReturnType<typeof acceptanceConfirmation>>;
    try {
      confirmation = kind === "accept" ? await acceptanceConfirmation(q, token) : undefined;
    } catch (error) {
      if (!(error instanceof ObjectStorageError || error instanceof FileMissing)) throw error;
      console.error(`A quotation's PDF could not be read from the bucket: ${reasonOf(error)}`);
      c.header("Retry-After", "60");
      return c.body(null, 503);
    }
    const client = clientOf(c, options.trustedProxies);
    const answer = await answerQuotation(options.db, {
      token,
      action,
      clientAddress: client.address ?? client.peer ?? null,
      now: now(),
      notice: { eml, recipients },
      confirmation,
      files,
    });
    if (!answer.ok) {
      const refusal = {
        missing: t.problems.answered,
        answered: t.problems.answered,
        superseded: t.problems.superseded,
        expired: t.problems.expired,
        "not-expired": t.problems.notExpired,
      }[answer.reason];
      const fresh = (await quotationForToken(options.db, token)) ?? q;
      return page(c, fresh, token, { problems: { form: refusal }, typed, status: 409 });
    }
    options.mail.queued();
    return seeOther(c, `/quotation/${token}`);
  });

  return app;
}
