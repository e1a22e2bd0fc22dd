/** @jsxImportSource hono/jsx */
import type { Context, MiddlewareHandler } from "hono";
import { clientOf, type ProxyTrust } from "../platform/client-address";
import { staffContentSecurityPolicy } from "../platform/security-headers";
import type { StaffAuth } from "./auth";
import { toStaffUser } from "./auth";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { StaffRole, StaffUser } from "./roles";
import { ButtonLink, shortcutsScriptHash, staffPage, staffText } from "./ui";

/** What every staff route can read from the context. */
export type StaffVariables = {
  /** The signed-in member of staff (set by requireStaff; null before it when nobody is signed in). */
  staff: StaffUser | null;
  /** The session's id, for sign-out and "sign out everywhere". */
  staffSessionToken?: string;
  contentSecurityPolicy?: string;
};
export type StaffEnv = { Variables: StaffVariables };

/** A JSON route (the inbox's API, Keystatic's API): refusals are JSON, not pages or redirects. */
export function wantsJson(c: Context): boolean {
  return /\/api\//.test(c.req.path) || (c.req.header("accept") ?? "").startsWith("application/json");
}

/** The request reached us over HTTPS (itself, or a trusted proxy that said so). */
export function isHttps(c: Context, trustedProxies?: ProxyTrust): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  const forwardedProto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwardedProto === "https" && clientOf(c, trustedProxies).forwarded === "trusted";
}

/**
 * The desk's address as this request reached it ("https://www.example.com"): the Host header (nginx
 * passes it on, deploy/site.conf) and the scheme `isHttps` finds. For links in the desk's e-mails.
 */
export function requestOrigin(c: Context, trustedProxies?: ProxyTrust): string {
  return `${isHttps(c, trustedProxies) ? "https" : "http"}://${c.req.header("host") ?? new URL(c.req.url).host}`;
}

/** Copies Better Auth's Set-Cookie headers onto the response, marked Secure when the request came over HTTPS. */
export function forwardCookies(c: Context, from: Headers | undefined, trustedProxies?: ProxyTrust) {
  if (!from) return;
  const secure = isHttps(c, trustedProxies);
  for (const cookie of from.getSetCookie()) c.header("Set-Cookie", secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie, { append: true });
}

/**
 * Reads the session cookie on every staff request: sets `staff` (null when nobody is signed in, the
 * account is disabled or its role unknown) and forwards a refreshed cookie. Mounted by the staff
 * desk in front of every route; `requireStaff` then decides.
 */
export function loadStaff(auth: StaffAuth, trustedProxies?: ProxyTrust): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    c.set("staff", null);
    if ((c.req.header("cookie") ?? "").includes("ssl-staff.")) {
      const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      if (response) {
        c.set("staff", toStaffUser(response.user));
        c.set("staffSessionToken", response.session.token);
        forwardCookies(c, headers, trustedProxies);
      }
    }
    await next();
  };
}

/**
 * Staff pages are never cached, and carry the staff CSP: no script at all, or for a member with the
 * keyboard shortcuts on only the shortcuts' script by its hash (decision 0154), the one `staffPage` emits for them.
 */
export function staffResponseHeaders(c: Context<StaffEnv>) {
  c.header("Cache-Control", "no-store");
  c.set("contentSecurityPolicy", staffContentSecurityPolicy(c.get("staff")?.shortcuts ? [shortcutsScriptHash] : []));
}

/** The sign-in page's address that comes back to `path` after signing in. */
export function signInUrl(path: string): string {
  return `${staffPaths.signIn}?next=${encodeURIComponent(path)}`;
}

/** Only a path on this site's staff desk or studio: never another origin (open redirect). */
export function safeNextPath(next: string | undefined | null): string {
  if (!next || !/^\/(staff|keystatic)(\/|$|\?)/.test(next) || next.startsWith("//") || next.includes("\\")) return staffPaths.home;
  return next;
}

export function forbiddenPage(c: Context<StaffEnv>, staff: StaffUser | null) {
  staffResponseHeaders(c);
  if (wantsJson(c)) return c.json({ error: "forbidden" }, 403);
  const body = (
    <>
      <p>{staffText.forbidden.body}</p>
      <p>
        <ButtonLink href={staffPaths.home}>{staffText.forbidden.back}</ButtonLink>
      </p>
    </>
  );
  return c.html(staffPage({ title: staffText.forbidden.title, staff, body }), 403);
}

/**
 * Guards a staff route: nobody signed in → 303 to the sign-in page (JSON routes: 401), signed in
 * with a role not listed → 403 with no data (the page names nothing of what it guards). With no
 * roles, any signed-in member of staff. Sets `c.get("staff")` for the handler.
 */
export function requireStaff(...roles: StaffRole[]): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const staff = c.get("staff");
    if (!staff) {
      staffResponseHeaders(c);
      if (wantsJson(c)) return c.json({ error: "sign-in required" }, 401);
      const url = new URL(c.req.url);
      return c.redirect(signInUrl(c.req.method === "GET" ? url.pathname + url.search : staffPaths.home), 303);
    }
    if (roles.length && !roles.includes(staff.role)) return forbiddenPage(c, staff);
    staffResponseHeaders(c);
    await next();
  };
}

/**
 * CSRF protection for every change (decision 0048): a POST, PUT, PATCH or DELETE must come from a
 * page of this site: the browser's Sec-Fetch-Site says same-origin, or its Origin names this host.
 * A request that says neither (a non-browser, or a browser too old to send Origin on a form post)
 * is refused. The session cookie's SameSite=Lax is the second line.
 */
export function sameOriginOnly(): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    let allowed = false;
    if (site) allowed = site === "same-origin";
    else if (origin && origin !== "null") {
      try {
        allowed = new URL(origin).host === (c.req.header("host") ?? new URL(c.req.url).host);
      } catch {
        allowed = false;
      }
    }
    if (allowed) return next();
    staffResponseHeaders(c);
    if (wantsJson(c)) return c.json({ error: "cross-site request refused" }, 403);
    return c.html(staffPage({ title: staffText.csrf.title, staff: c.get("staff"), body: <p>{staffText.csrf.body}</p> }), 403);
  };
}
