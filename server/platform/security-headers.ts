import { createHash } from "node:crypto";
import { mailConfigFromEnv } from "../../app/lib/contracts/mail-config";
import { quoteRequestMaxBodyBytes } from "../../app/lib/contracts/quote";

/**
 * The one source of the site's security headers. The `npm start` server applies them
 * (server/app.ts); the build writes the same values as nginx includes (scripts/build/steps/security-config.mjs
 * → build/nginx/*.conf), so both servers answer with identical headers.
 */

/** Outside origins the pages may talk to; everything else (media included) is served locally. */
export const externalOrigins = {
  /** Google Analytics 4: gtag.js and its collection endpoints. */
  analyticsScript: "https://www.googletagmanager.com",
  analyticsCollect: ["https://*.google-analytics.com", "https://*.analytics.google.com"],
  /** Google Maps embed on the contact page. */
  mapsFrame: "https://www.google.com",
} as const;

/** Largest request body the mail endpoint takes; nginx's client_max_body_size is generated from it. */
export const mailRequestBodyLimitBytes = 128 * 1024;

/**
 * Largest request body the studio API takes (a Keystatic save: every changed file in base64, so a
 * 10 MB photo is 13.4 MB of body; this leaves room for four). nginx's client_max_body_size for
 * /api/keystatic is generated from it (studio-limits.conf), so both refuse at the same size.
 */
export const studioRequestBodyLimitBytes = 64 * 1024 * 1024;

/** Where the mail endpoint lives (proxied by nginx to the Node server). */
export const mailEndpointPath = "/api/v1.0/email/send";

/** `sha256-…` sources of a page's inline scripts and inline style elements. */
export type CspPageHashes = { scripts: readonly string[]; styles: readonly string[] };

/** The inline hashes of each page the build emits, keyed by its file's URL path. */
export type CspHashes = Record<string, CspPageHashes>;

/** The directives both CSPs (public pages, studio) end with: no plugins, no base, forms and frames only here. */
const closedDirectives = {
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
} as const;

/**
 * The outside services a build uses: a host is in the CSP only when the build talks to it.
 * Written by the build (build/security/csp-origins.json) and read by the server beside the hashes.
 */
export type CspOrigins = {
  /** Google Analytics: the build has a VITE_GA_MEASUREMENT_ID. */
  analytics: boolean;
  /** The EmailJS API origin, when the build has all four VITE_EMAILJS_ keys. */
  emailApi?: string;
};

/** No outside service: what a build without analytics or EmailJS keys (and a missing csp-origins.json) gets. */
export const noCspOrigins: CspOrigins = { analytics: false };

/** The outside services a build with this (Vite) environment uses: the same rules as the pages' own code. */
export function cspOriginsFromBuildEnv(env: Record<string, string | undefined>): CspOrigins {
  // app/root.tsx loads analytics for any non-empty id; app/features/forms/mail decides EmailJS.
  const origin = mailConfigFromEnv(env).origin;
  let emailApi: string | undefined;
  try {
    emailApi = origin === undefined ? undefined : new URL(origin).origin;
  } catch {
    throw new Error(`VITE_EMAILJS_ORIGIN must be an origin such as https://api.emailjs.com, not "${origin}"`);
  }
  return { analytics: !!env.VITE_GA_MEASUREMENT_ID, ...(emailApi ? { emailApi } : {}) };
}

/** Content-Security-Policy for a page whose inline scripts and styles have these hashes (`sha256-…`). */
export function contentSecurityPolicy({ scripts = [], styles = [] }: Partial<CspPageHashes> = {}, origins: CspOrigins = noCspOrigins): string {
  const { analyticsScript, analyticsCollect, mapsFrame } = externalOrigins;
  const analytics = origins.analytics ? [analyticsScript] : [];
  const analyticsCalls = origins.analytics ? [analyticsScript, ...analyticsCollect] : [];
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'", ...scripts.map((hash) => `'${hash}'`), ...analytics],
    "style-src": ["'self'", ...styles.map((hash) => `'${hash}'`)],
    "img-src": ["'self'", "data:", ...analyticsCalls],
    "font-src": ["'self'"],
    "media-src": ["'self'"],
    "connect-src": ["'self'", ...(origins.emailApi ? [origins.emailApi] : []), ...analyticsCalls],
    "frame-src": [mapsFrame],
    ...closedDirectives,
  };
  return serializePolicy(directives);
}

/** `name source source; name source` from a directive table. */
function serializePolicy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Headers every response carries, apart from the page-specific Content-Security-Policy. */
export const staticSecurityHeaders: Readonly<Record<string, string>> = {
  // Two years; browsers ignore it over plain HTTP, so both servers send it everywhere.
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  // Older browsers that ignore CSP frame-ancestors.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Only features Chromium recognises: an unknown one is logged as a console error.
  "Permissions-Policy": "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  // No Cross-Origin-Resource-Policy: partners and mail clients may show the site's images.
};

/**
 * The site-wide headers a route may tighten for its own responses, each with the test that the value
 * the route set gives away no more than the site's. A route's value that passes stands (server/app.ts,
 * and nginx through its map: `nginxSecurityConfig`); any other is replaced by the site's. The other
 * headers of staticSecurityHeaders are already the strictest there are, so theirs always stands
 * (decision 0136).
 */
const tightenable: Readonly<Record<string, (value: string) => boolean>> = {
  // No more than strict-origin-when-cross-origin: nothing on a downgrade, no path to another origin.
  // The buyer's quotation page sends no-referrer: its token is in the address (decision 0114).
  "Referrer-Policy": (value) => ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(value.trim().toLowerCase()),
};

/** Whether the value a route set for this site-wide header stands (at least as strict as the site's), rather than the site's. */
export function routeHeaderStands(name: string, routeValue: string | null): boolean {
  const stricter = Object.entries(tightenable).find(([header]) => header.toLowerCase() === name.toLowerCase())?.[1];
  return routeValue !== null && !!stricter?.(routeValue);
}

/** Every security header for a response whose inline scripts and styles have these hashes, of a build using these services. */
export function securityHeaders(hashes: Partial<CspPageHashes> = {}, origins: CspOrigins = noCspOrigins): Record<string, string> {
  return { "Content-Security-Policy": contentSecurityPolicy(hashes, origins), ...staticSecurityHeaders };
}

/** The CSP hash source (`sha256-…`) of each non-empty inline `<tag>` element of an HTML document, in order, unique. */
function inlineElementHashes(html: string, tag: "script" | "style"): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)<\\/${tag}\\s*>`, "gi"))) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** The hashes of a page's inline scripts and `<style>` elements (app/root.tsx inlines the stylesheet). */
export function inlineHashes(html: string): CspPageHashes {
  return { scripts: inlineElementHashes(html, "script"), styles: inlineElementHashes(html, "style") };
}

/** URL path of a built file relative to the client dir, without a precompression suffix. */
export function cspKeyForFile(relativePath: string): string {
  const path = relativePath.replace(/\\/g, "/").replace(/\.(br|gz|zst)$/, "");
  return path.startsWith("/") ? path : `/${path}`;
}

/** An nginx string literal (double-quoted; CSP and header values hold no `"` or `\`). */
function nginxString(value: string): string {
  if (/["\\\n]/.test(value)) throw new Error(`Cannot write ${value} as an nginx string`);
  return `"${value}"`;
}

/** `referrer_policy` for Referrer-Policy: the nginx variable of a header (`$upstream_http_…` is the proxied server's). */
const nginxVariable = (header: string) => header.toLowerCase().replace(/-/g, "_");

/** An nginx map: the Node server's own value of `header` for what it answered, else `fallback` (files nginx serves from disk). */
const map = (header: string, fallback: string) =>
  `map $upstream_http_${nginxVariable(header)} $${nginxVariable(header)} {\n    "" ${nginxString(fallback)};\n    default $upstream_http_${nginxVariable(header)};\n}\n`;

/**
 * The nginx includes made from the same source:
 * - `csp-map.conf` (http level): `$content_security_policy`, the Node server's own for what it
 *   answered (each page's hashes, of the build live at that moment), else the site's default; and
 *   `$referrer_policy`, likewise (a route's stricter one, such as the quotation page's no-referrer);
 * - `security-headers.conf` (server level): every header, `always` so error pages carry them too;
 * - `proxy-security-headers.conf` (server level): hides the Node server's copies, so nginx's
 *   are the only ones (its CSP comes back through the map);
 * - `mail-limits.conf`: the mail endpoint's body limit;
 * - `quote-limits.conf`: the quote endpoint's body limit (attachments included: decision 0065),
 *   the one server/intake/quote.ts enforces;
 * - `studio-limits.conf`: the studio's body limit (server/studio/upload-limits.ts checks it too).
 */
export function nginxSecurityConfig(origins: CspOrigins = noCspOrigins): Record<string, string> {
  const header = "# Generated by scripts/build/steps/security-config.mjs from server/platform/security-headers.ts. Do not edit.\n";
  const all = securityHeaders({}, origins);
  return {
    // Every page comes from Node (deploy/site.conf), whose CSP carries that page's inline-script
    // hashes (and the studio's its nonce): pass it on. Only files nginx serves from disk itself
    // (content-hashed assets and photos) get the site's CSP without page hashes.
    // Likewise a header a route may tighten (Node already replaced any value looser than the site's).
    "csp-map.conf": `${header}${[
      map("Content-Security-Policy", contentSecurityPolicy({}, origins)),
      ...Object.keys(tightenable).map((name) => map(name, all[name]!)),
    ].join("")}`,
    "security-headers.conf": `${header}${Object.entries(all)
      .map(([name, value]) =>
        name === "Content-Security-Policy" || name in tightenable
          ? `add_header ${name} $${nginxVariable(name)} always;`
          : `add_header ${name} ${nginxString(value)} always;`,
      )
      .join("\n")}\n`,
    "proxy-security-headers.conf": `${header}${Object.keys(all)
      .map((name) => `proxy_hide_header ${name};`)
      .join("\n")}\n`,
    "mail-limits.conf": `${header}client_max_body_size ${mailRequestBodyLimitBytes / 1024}k;\n`,
    "quote-limits.conf": `${header}client_max_body_size ${Math.ceil(quoteRequestMaxBodyBytes / 1024)}k;\n`,
    "studio-limits.conf": `${header}client_max_body_size ${studioRequestBodyLimitBytes / 1024}k;\n`,
  };
}

/** Outside origins the studio talks to in GitHub mode only (Keystatic's GitHub API client, avatars). */
export const studioGithubOrigins = {
  api: "https://api.github.com",
  images: ["https://avatars.githubusercontent.com"],
} as const;

/**
 * The staff desk's CSP (/staff): server-rendered pages with no script at all, one stylesheet from
 * this server, forms posting only here. Nothing of it is loaded by a public page. `scriptHashes`:
 * the one inline script a page may run, by its hash (the keyboard shortcuts', decision 0154);
 * without, `script-src 'none'`.
 */
export function staffContentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return serializePolicy({
    "default-src": ["'none'"],
    "script-src": scriptHashes.length ? scriptHashes.map((hash) => `'${hash}'`) : ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    ...closedDirectives,
  });
}

/**
 * A server-rendered public page with no script (the buyer's quotation page, decision 0114): its one
 * inline style sheet by hash, images from here, forms posting only here.
 */
export function scriptlessPageSecurityPolicy(styleHashes: readonly string[]): string {
  return serializePolicy({
    "default-src": ["'none'"],
    "script-src": ["'none'"],
    "style-src": styleHashes.map((hash) => `'${hash}'`),
    "img-src": ["'self'"],
    ...closedDirectives,
  });
}

/**
 * The studio's own CSP (/keystatic): scripts from the site only, style sheets only with this
 * response's nonce (Keystar UI writes its CSS at run time), images also as data:/blob: previews of
 * uploads. Public pages keep contentSecurityPolicy().
 */
export function studioContentSecurityPolicy(styleNonce: string, { github = false } = {}): string {
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", `'nonce-${styleNonce}'`],
    "img-src": ["'self'", "data:", "blob:", ...(github ? studioGithubOrigins.images : [])],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:"],
    "connect-src": ["'self'", ...(github ? [studioGithubOrigins.api] : [])],
    ...closedDirectives,
  };
  return serializePolicy(directives);
}
