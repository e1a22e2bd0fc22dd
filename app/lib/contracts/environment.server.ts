// Every environment variable the server, the build and the studio read: declared here once (its
// zod schema, its default, what it means), read here once. No other module reads process.env
// (ESLint's no-restricted-properties, eslint.config.js); .env.example and docs/environment.md list
// exactly these names (environment.server.test.ts). Why one schema and what stays outside it:
// docs/decisions/0040-one-environment-schema.md.
import { join, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "./config-error";

/** An environment as a process, Vite (`viteConfig.env`, booleans included) or a test hands it over. */
export type RawEnvironment = Readonly<Record<string, string | boolean | undefined>>;

/** Who reads a variable: `npm start`'s server, the site's build (Vite, prerender, build steps), the content studio. */
type Reader = "server" | "build" | "studio";

type Declaration<T> = {
  readers: readonly Reader[];
  /** One line; docs/environment.md and .env.example say more. */
  description: string;
  /** The value an unset, empty or blank variable takes, as text (parsed like a set value); none: undefined. */
  default?: string;
  schema: z.ZodType<T, string | undefined>;
};

function declare<T>(declaration: Omit<Declaration<T>, "schema" | "default"> & { default: string; value: z.ZodType<T, string> }): Declaration<T>;
function declare<T>(declaration: Omit<Declaration<T>, "schema" | "default"> & { value: z.ZodType<T, string> }): Declaration<T | undefined>;
function declare<T>({ value, ...declaration }: Omit<Declaration<T>, "schema"> & { value: z.ZodType<T, string> }): Declaration<T | undefined> {
  // prefault: the default text goes through the same schema as a set value, so it is checked too.
  const schema = declaration.default === undefined ? value.optional() : value.prefault(declaration.default);
  return { ...declaration, schema: schema as z.ZodType<T | undefined, string | undefined> };
}

const text = z.string();

/** A number of `min` or more (`above`: more than `min`). */
const number = (min: number, { above = false } = {}) =>
  z.string().transform((input, ctx) => {
    const value = Number(input);
    if (!Number.isFinite(value) || value < min || (above && value === min)) {
      ctx.addIssue({ code: "custom", input, message: `"${input}" is not a number of ${above ? `more than ${min}` : `${min} or more`}` });
    }
    return value;
  });

const port = z.string().transform((input, ctx) => {
  const value = Number(input);
  if (!Number.isInteger(value) || value < 0 || value > 65535) ctx.addIssue({ code: "custom", input, message: `"${input}" is not a port (0 to 65535)` });
  return value;
});

const url = (protocols: readonly string[], example: string) =>
  z.string().refine((input) => URL.canParse(input) && protocols.includes(new URL(input).protocol), {
    // The value is not repeated: such URLs carry passwords, and the message goes to the log.
    error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")} (e.g. ${example})`,
  });

const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: (issue) => `must be ${values.map((v) => `"${v}"`).join(" or ")}, not "${String(issue.input)}"` });

export const environmentVariables = {
  // ── the server (`npm start`, server/index.ts) ──
  PORT: declare({ readers: ["server"], description: "port `npm start` listens on (0: any free port)", default: "3000", value: port }),
  HOST: declare({ readers: ["server"], description: "interface `npm start` listens on", default: "0.0.0.0", value: text }),
  CLIENT_DIR: declare({ readers: ["server"], description: "the prerendered site to serve", default: "build/client", value: text }),
  DATABASE_URL: declare({
    readers: ["server"],
    description: "PostgreSQL server for the leads; unset: embedded PGlite in DATA_DIR",
    value: url(["postgres:", "postgresql:"], "postgres://user:password@127.0.0.1:5432/ssl_website"),
  }),
  DATA_DIR: declare({ readers: ["server"], description: "the embedded leads database's folder", default: "data", value: text }),
  OUTBOX_DIR: declare({ readers: ["server"], description: "the former outbox folder, imported into the database once", default: "outbox", value: text }),
  MAIL_RELAY_LEASE_SECONDS: declare({
    readers: ["server"],
    description: "how long an instance's claim on a mail job lasts",
    default: "300",
    value: number(0, { above: true }),
  }),
  SMTP_URL: declare({
    readers: ["server"],
    description: "relay stored submissions through this SMTP server",
    value: url(["smtp:", "smtps:"], "smtps://user:password@smtp.example.com:465"),
  }),
  IMAP_URL: declare({
    readers: ["server"],
    description:
      "read buyers' replies from this mailbox into their leads (user and password in the URL; path: the folder, default INBOX); unset: replies stay in the mailbox only",
    value: url(["imap:", "imaps:"], "imaps://sales%40example.com:password@imap.example.com:993/INBOX").refine(
      (input) => {
        if (!URL.canParse(input)) return true; // the URL check above says what is wrong
        const parsed = new URL(input);
        return parsed.username !== "" && parsed.password !== "" && parsed.hostname !== "";
      },
      { error: "must name the mailbox's user and password (imaps://user:password@host:993/INBOX; write @ in the user as %40)" },
    ),
  }),
  // Object storage for the leads' files (decision 0161): all of endpoint, bucket and the key pair, or none.
  OBJECT_STORAGE_ENDPOINT: declare({
    readers: ["server"],
    description:
      "an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Ceph) for new files of leads (resumes, attachments); unset: files stay in the database",
    value: url(["https:", "http:"], "https://s3.eu-central-1.amazonaws.com").refine(
      (input) => !URL.canParse(input) || (!new URL(input).username && !new URL(input).password),
      { error: "must not carry a user name or password: the key pair goes in OBJECT_STORAGE_ACCESS_KEY_ID and OBJECT_STORAGE_SECRET_ACCESS_KEY" },
    ),
  }),
  OBJECT_STORAGE_BUCKET: declare({
    readers: ["server"],
    description: "the bucket the files go to (private: the desk streams each file through its role checks)",
    value: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: "must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)" }),
  }),
  OBJECT_STORAGE_REGION: declare({ readers: ["server"], description: "the bucket's region (R2: auto)", default: "us-east-1", value: text }),
  OBJECT_STORAGE_ACCESS_KEY_ID: declare({ readers: ["server"], description: "the access key's id", value: text }),
  OBJECT_STORAGE_SECRET_ACCESS_KEY: declare({ readers: ["server"], description: "the access key's secret (never logged)", value: text }),
  // Their defaults (server/intake/intake.ts defaultAddresses) apply in the mail endpoint; unset stays unset
  // here because SMTP_URL needs MAIL_TO set explicitly (server/intake/config.ts).
  MAIL_FROM: declare({
    readers: ["server"],
    description: "sender of the stored messages and of the staff desk's e-mails (default SSL website <website@localhost>)",
    value: text,
  }),
  MAIL_TO: declare({ readers: ["server"], description: "recipients of the stored messages (default info@localhost; required with SMTP_URL)", value: text }),
  QUOTE_MAIL_TO: declare({ readers: ["server"], description: "who receives the /quote requests (the sales address; default MAIL_TO)", value: text }),
  MAIL_RATE_LIMIT_MAX: declare({
    readers: ["server"],
    description: "form submissions per client IP per window (0: no limit)",
    default: "10",
    value: number(0),
  }),
  MAIL_RATE_LIMIT_WINDOW_SECONDS: declare({ readers: ["server"], description: "the rate limit's window", default: "600", value: number(0) }),
  TRUSTED_PROXIES: declare({
    readers: ["server"],
    description: "proxies whose X-Forwarded-For names the client (server/platform/client-address.ts checks each entry); none: no proxy",
    default: "127.0.0.1/8, ::1",
    value: text,
  }),

  // ── the build (Vite reads SITE_URL and VITE_* from .env files too: viteConfig.env) ──
  SITE_URL: declare({
    readers: ["build", "server"],
    description:
      "public origin for canonical links, Open Graph, sitemap.xml, robots.txt and every link in mail to buyers (required with NODE_ENV=production; unset otherwise: http://localhost:PORT)",
    value: url(["https:", "http:"], "https://www.example.com"),
  }),
  VITE_GA_MEASUREMENT_ID: declare({ readers: ["build"], description: "GA4 measurement id; unset: no analytics at all", value: text }),
  VITE_EMAILJS_PUBLIC_KEY: declare({ readers: ["build"], description: "EmailJS public key (all four keys set: forms send through EmailJS)", value: text }),
  VITE_EMAILJS_SERVICE_ID: declare({ readers: ["build"], description: "EmailJS service id", value: text }),
  VITE_EMAILJS_CONTACT_TEMPLATE_ID: declare({ readers: ["build"], description: "EmailJS template of the Get In Touch form", value: text }),
  VITE_EMAILJS_CAREER_TEMPLATE_ID: declare({ readers: ["build"], description: "EmailJS template of the career form", value: text }),
  VITE_EMAILJS_ORIGIN: declare({
    readers: ["build"],
    description: "another EmailJS API origin (default https://api.emailjs.com)",
    value: url(["https:", "http:"], "https://api.emailjs.com"),
  }),
  BUILD_DIR: declare({ readers: ["build"], description: "where the build writes (publishing builds into build/releases/<id>)", default: "build", value: text }),
  PHOTO_CACHE_DIR: declare({ readers: ["build"], description: "photo variants cached by content hash", default: "node_modules/.cache/photos", value: text }),

  // ── the staff desk (decision 0047) ──
  BETTER_AUTH_SECRET: declare({
    readers: ["server"],
    description: "signs the staff desk's session cookies (32 characters or more; unset: made once and kept in the database)",
    value: z.string().refine((v) => v.length >= 32, { message: "must be at least 32 characters (openssl rand -base64 32)" }),
  }),
  DIGEST_TIME: declare({
    readers: ["server"],
    description: "the local time (HH:MM, 24-hour) of the staff's morning digest e-mail, in DIGEST_TIME_ZONE",
    default: "08:00",
    value: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "must be a time like 08:00 (24-hour HH:MM)" }),
  }),
  DIGEST_TIME_ZONE: declare({
    readers: ["server"],
    description: "the IANA time zone of DIGEST_TIME, of working days (Friday and Saturday are the weekend) and of the reports' weeks",
    default: "Asia/Dhaka",
    value: z.string().refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: "is not an IANA time zone such as Asia/Dhaka" },
    ),
  }),
  CONTENT_HISTORY_DAYS: declare({
    readers: ["server"],
    description: "days the content history keeps a studio save (unset: 365; each entry's newest save is always kept)",
    value: z.string().transform((input, ctx) => {
      const value = Number(input);
      if (!Number.isInteger(value) || value < 1 || value > 3650)
        ctx.addIssue({ code: "custom", input, message: `"${input}" is not a whole number of days from 1 to 3650` });
      return value;
    }),
  }),
  APPLICATION_RETENTION_DAYS: declare({
    readers: ["server", "build"],
    description: "days a job application is kept (unset: the studio's value in content/career.yaml)",
    value: z.string().transform((input, ctx) => {
      const value = Number(input);
      if (!Number.isInteger(value) || value < 1 || value > 3650)
        ctx.addIssue({ code: "custom", input, message: `"${input}" is not a whole number of days from 1 to 3650` });
      return value;
    }),
  }),
  STAFF_PASSWORD: declare({
    readers: ["server"],
    description: "npm run staff:add only: the new account's password (otherwise asked on the terminal)",
    value: z.string(),
  }),

  // ── the content studio and publishing ──
  CONTENT_DIR: declare({
    readers: ["build", "studio", "server"],
    description: "the content the build reads and the studio edits (a folder named content)",
    default: "content",
    value: text,
  }),
  PUBLISHED_CONTENT_DIR: declare({
    readers: ["server"],
    description:
      "the published content the public build reads (decision 0159; a folder named content; unset: DATA_DIR/published/content, copied from CONTENT_DIR at the first start)",
    value: text,
  }),
  STUDIO_PASSWORD: declare({
    readers: ["server"],
    description: "retired (decision 0049): the studio needs a signed-in editor or admin; when set, start-up says so and ignores it",
    value: z.string(),
  }),
  STUDIO_DIR: declare({ readers: ["server"], description: "the built studio", default: "build/studio", value: text }),
  PUBLISH: declare({ readers: ["server"], description: "1: republish on content changes; 0: never", default: "1", value: oneOf(["0", "1"]) }),
  RELEASES_DIR: declare({ readers: ["server"], description: "one folder per publish (default: releases beside CLIENT_DIR)", value: text }),
  PREVIEW_PORT: declare({
    readers: ["server"],
    description:
      "port the preview of the working copy answers on, to signed-in editors and admins only (decision 0159; with publishing on); unset: PORT + 1 (PORT 0: any free port)",
    value: port,
  }),
  PREVIEW_ORIGIN: declare({
    readers: ["server"],
    description:
      "the address staff open the preview at when a proxy serves it (decision 0159), e.g. https://www.example.com:8443 — the same host name as the desk, so the staff session's cookie reaches it; unset: the desk's host on the preview's port",
    value: url(["https:", "http:"], "https://www.example.com:8443"),
  }),
  PUBLISH_DEBOUNCE_MS: declare({ readers: ["server"], description: "quiet time after the last change before a build", default: "1000", value: number(0) }),
  KEYSTATIC_STORAGE: declare({
    readers: ["server", "studio"],
    description: "where the studio saves: local files or GitHub commits",
    default: "local",
    value: oneOf(["local", "github"]),
  }),
  KEYSTATIC_GITHUB_REPO: declare({ readers: ["server", "studio"], description: "GitHub mode: the repository as owner/name", value: text }),
  KEYSTATIC_GITHUB_CLIENT_ID: declare({ readers: ["server", "studio"], description: "GitHub mode: the GitHub App's client id", value: text }),
  KEYSTATIC_GITHUB_CLIENT_SECRET: declare({ readers: ["server", "studio"], description: "GitHub mode: the GitHub App's client secret", value: text }),
  KEYSTATIC_SECRET: declare({ readers: ["server", "studio"], description: "GitHub mode: signs the studio's sessions (32 characters or more)", value: text }),
  KEYSTATIC_GITHUB_APP_SLUG: declare({ readers: ["server", "studio"], description: "GitHub mode: the app's slug, for its install link", value: text }),
  KEYSTATIC_GITHUB_PATH_PREFIX: declare({ readers: ["server", "studio"], description: "GitHub mode: the project's folder in the repository", value: text }),
  KEYSTATIC_GITHUB_BRANCH_PREFIX: declare({ readers: ["server", "studio"], description: "GitHub mode: prefix of branches the studio creates", value: text }),
  KEYSTATIC_GITHUB_GIT_URL: declare({
    readers: ["server"],
    description:
      "GitHub mode: the repository's git address for the desk's content history (default https://github.com/<owner>/<name>.git; a mirror or a test's file:// repository); no credentials in it: each editor's own GitHub sign-in is used",
    value: url(["https:", "http:", "file:"], "https://github.com/acme/site.git").refine(
      (input) => !URL.canParse(input) || (!new URL(input).username && !new URL(input).password),
      {
        error: "must not carry a user name or password: the desk uses each editor's own GitHub sign-in",
      },
    ),
  }),
  NODE_ENV: declare({
    readers: ["studio", "server"],
    description:
      "development (set by npm run dev) lets Keystatic's GitHub setup screen run without the app's values; production (set it on a production server) makes the server refuse to start without SITE_URL",
    value: text,
  }),
};

export type EnvironmentVariable = keyof typeof environmentVariables;
type ValueOf<D> = D extends Declaration<infer T> ? T : never;
/** The environment as the project uses it: every declared variable parsed, defaults applied. */
export type Environment = { readonly [Name in EnvironmentVariable]: ValueOf<(typeof environmentVariables)[Name]> };

/**
 * Variables only the tests and benchmarks read (Playwright's set-up, the SMTP sink, scripts/bench):
 * not the site's configuration, so not in .env.example, and read by plain-Node tooling that cannot
 * import this module. docs/environment.md lists them apart; the test checks it lists exactly these.
 */
export const toolingVariables = {
  E2E_PORT: "the e2e server's port, chosen once per run when PORT is unset (scripts/test-setup/free-port.mjs)",
  E2E_SMTP_PORT: "the SMTP sink's port during e2e (playwright.config.ts)",
  E2E_MAIL_DIR: "where the SMTP sink writes what the company receives during e2e",
  E2E_DATA_DIR: "the e2e server's embedded database folder",
  E2E_STAFF_PGLITE_PORT: "the port of the staff desk e2e's server on PGlite, as scripts/test-setup/staff-e2e-servers.mjs prints it",
  E2E_STAFF_PGLITE_IMAP_URL: "the mailbox the staff desk e2e's server on PGlite reads (its own Dovecot), as scripts/test-setup/staff-e2e-servers.mjs prints it",
  SMTP_SINK_PORT: "port of scripts/test-setup/smtp-sink.mjs",
  SMTP_SINK_DIR: "folder scripts/test-setup/smtp-sink.mjs writes messages to",
  PG_BIN: "PostgreSQL's bin folder for the tests' own server (scripts/test-setup/test-postgres.mjs)",
  CHROMIUM_PATH: "Chromium for the interactive and gallery benches and the screenshot scripts (default /usr/bin/chromium)",
  TEST_CHROMIUM_PATH: "Chromium for Playwright's tests (default /usr/bin/chromium-headless-shell, decision 0196)",
  CHROME_PATH: "Chromium for Lighthouse in npm run bench (default /usr/bin/chromium)",
  CI: "set by CI: Playwright forbids test.only, prints one line per test and never reuses a running server",
  BENCH_RUNS: "npm run bench: runs per route (3)",
  BENCH_ROUTES: "npm run bench: comma-separated routes",
  BENCH_SKIP_BUILD: "npm run bench: 1 reuses build/",
  BENCH_INTERACTIVE_ONLY: "npm run bench: 1 measures only the interactive figures",
} as const;

/** An unset, empty or blank variable is unset, everywhere: its default applies. */
function given(env: RawEnvironment, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== "string" || value.trim() === "") return undefined;
  // A password may begin or end with a space; every other value is taken without surrounding blanks.
  return name === "STUDIO_PASSWORD" || name === "STAFF_PASSWORD" ? value : value.trim();
}

function problemsOf(name: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${name}: ${issue.message}`);
}

/**
 * Every declared variable of `env`, parsed, defaults applied. Throws one ConfigError naming every
 * variable that is wrong (`PORT: "eighty" is not a port (0 to 65535); SMTP_URL: …`).
 */
export function readEnvironment(env: RawEnvironment = process.env): Environment {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, declaration] of Object.entries(environmentVariables) as [string, Declaration<unknown>][]) {
    const parsed = declaration.schema.safeParse(given(env, name));
    if (parsed.success) values[name] = parsed.data;
    else problems.push(...problemsOf(name, parsed.error));
  }
  if (problems.length) throw new ConfigError(problems.join("; "));
  return values as Environment;
}

/** One declared variable of `env`, parsed, its default applied; throws a ConfigError naming it. */
export function readVariable<Name extends EnvironmentVariable>(name: Name, env: RawEnvironment = process.env): Environment[Name] {
  const parsed = (environmentVariables[name] as Declaration<unknown>).schema.safeParse(given(env, name));
  if (!parsed.success) throw new ConfigError(problemsOf(name, parsed.error).join("; "));
  return parsed.data as Environment[Name];
}

/** CONTENT_DIR, absolute: the one place it is resolved (the build, the studio, the server, publishing). */
export function contentDir(env: RawEnvironment = process.env): string {
  return resolve(readVariable("CONTENT_DIR", env));
}

/**
 * The published tree (decision 0159), absolute: PUBLISHED_CONTENT_DIR, else DATA_DIR/published/content.
 * The public build reads it; the studio's saves go to CONTENT_DIR (the drafts) and a publish copies
 * entries across. scripts/start.mjs applies the same rule by hand (plain Node).
 */
export function publishedContentDir(env: RawEnvironment = process.env): string {
  return resolve(readVariable("PUBLISHED_CONTENT_DIR", env) ?? join(readVariable("DATA_DIR", env), "published", "content"));
}

/** BUILD_DIR as given (relative to the project unless absolute): where `react-router build` writes. */
export function buildDir(env: RawEnvironment = process.env): string {
  return readVariable("BUILD_DIR", env);
}

/** PHOTO_CACHE_DIR, absolute. */
export function photoCacheDir(env: RawEnvironment = process.env): string {
  return resolve(readVariable("PHOTO_CACHE_DIR", env));
}

/** The whole process environment, for a child process that must inherit it (a publish's build). */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** Variables the project no longer reads, with what replaced them: the server warns when one is still set. */
export const retiredVariables = { TRUST_PROXY: "TRUSTED_PROXIES" } as const;

/** The retired variables this environment still sets. */
export function retiredVariablesSet(env: RawEnvironment = process.env): (keyof typeof retiredVariables)[] {
  return (Object.keys(retiredVariables) as (keyof typeof retiredVariables)[]).filter((name) => env[name] !== undefined);
}

/** What every variable is when nothing is set: the modules that have a fallback of their own take it from here. */
export const environmentDefaults: Environment = readEnvironment({});
