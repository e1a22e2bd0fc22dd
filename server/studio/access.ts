import type { Context, MiddlewareHandler } from "hono";
import { clientOf, type ProxyTrust } from "../platform/client-address";
import { staffAccountCount, toStaffUser } from "../staff/auth";
import type { StaffDesk } from "../staff/desk-context";
import { forwardCookies, sameOriginOnly, signInUrl, wantsJson } from "../staff/guard";
import { mayEditContent, type StaffUser } from "../staff/roles";

export type StudioAccessOptions = {
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback): server/platform/client-address.ts. */
  trustedProxies?: ProxyTrust;
  /**
   * The staff desk (decision 0049): once a staff account exists, the studio needs a signed-in editor or
   * admin. Absent (tests of the studio alone), or with no account yet, only this machine gets in.
   */
  staff?: StaffDesk;
};

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, "");
  return ip === "::1" || /^127(\.\d{1,3}){3}$/.test(ip);
}

/** A Host header naming this machine: refuses DNS-rebinding pages that point their own name at 127.0.0.1. */
function isLoopbackHost(url: string): boolean {
  const name = new URL(url).hostname.toLowerCase();
  return name === "localhost" || name === "[::1]" || /^127(\.\d{1,3}){3}$/.test(name);
}

const noStore = { "Cache-Control": "no-store" };

/** Variables the guard leaves for the studio's page. */
export type StudioAccessVariables = {
  /** Let in as this machine because no staff account exists yet: the page says how to create one. */
  studioFirstAccount?: boolean;
  /** The signed-in editor or admin (absent while no account exists: "this machine"), whom a save's revision names. */
  studioUser?: StaffUser;
};

/** This machine only (the embedded default with no account): a loopback client naming this machine in Host, no untrusted proxy. */
function localOnly(c: Context, trustedProxies: ProxyTrust | undefined): Response | undefined {
  const client = clientOf(c, trustedProxies);
  if (client.forwarded === "untrusted" || !isLoopbackAddress(client.address)) {
    const reason = client.forwarded === "untrusted" ? "this request came through a proxy" : `this request came from ${client.address ?? "an unknown address"}`;
    return c.text(
      `The content studio answers only on this machine (loopback) while no staff account exists; ${reason}. Create the first account with npm run staff:add -- --email you@example.com --role admin, then sign in at /staff.`,
      403,
      noStore,
    );
  }
  if (!isLoopbackHost(c.req.url)) {
    return c.text("The content studio answers only to localhost or 127.0.0.1 in the address bar while no staff account exists.", 403, noStore);
  }
  return undefined;
}

/**
 * Guards the studio (pages, API, status), decision 0049. Once a staff account exists: a signed-in
 * editor or admin (the staff desk's session cookie), from anywhere; nobody signed in → the page
 * goes to the sign-in (303) and the API answers 401; another role → 403; a change to the API must
 * come from this site (the staff desk's CSRF check). With no account yet (or no staff desk), only
 * this machine gets in, as before accounts existed.
 */
export function studioAccess(options: StudioAccessOptions): MiddlewareHandler {
  const { staff, trustedProxies } = options;
  const csrf = sameOriginOnly();
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (!staff || (await staffAccountCount(staff.db)) === 0) {
      const refused = localOnly(c, trustedProxies);
      if (refused) return refused;
      if (staff) c.set("studioFirstAccount" as never, true as never);
      return next();
    }
    const result = (c.req.header("cookie") ?? "").includes("ssl-staff.")
      ? await staff.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true })
      : undefined;
    const user = result?.response ? toStaffUser(result.response.user) : null;
    if (!user) {
      if (wantsJson(c) || c.req.path.startsWith("/api/"))
        return c.json({ error: "Sign in at /staff as an editor or admin to use the content studio." }, 401, noStore);
      const url = new URL(c.req.url);
      return c.redirect(signInUrl(url.pathname + url.search), 303);
    }
    if (!mayEditContent(user.role)) {
      if (wantsJson(c) || c.req.path.startsWith("/api/")) return c.json({ error: "forbidden" }, 403, noStore);
      return c.text("Your account's role does not give access to the content studio.", 403, noStore);
    }
    c.set("studioUser" as never, user as never);
    forwardCookies(c, result?.headers, trustedProxies);
    return csrf(c as never, next);
  };
}
