import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { clientOf, rateLimitKey, type ProxyTrust } from "../client-address";
import { createRateLimiter, type RateLimit } from "../mail/rate-limit";

export type StudioAccessOptions = {
  /** STUDIO_PASSWORD: when set, every studio page and API call must carry it (HTTP Basic, any user name). */
  password?: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback): server/client-address.ts. */
  trustedProxies?: ProxyTrust;
  /** Wrong passwords allowed per client before it must wait; default 5 per 15 minutes. */
  passwordAttempts?: RateLimit;
};

/** Five guesses per quarter hour: a person mistyping gets in, a guessing script gets 480 tries a day. */
export const defaultPasswordAttempts: RateLimit = { max: 5, windowMs: 15 * 60_000 };

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

function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Constant-time check of an `Authorization: Basic …` header against the password (any user name). */
export function basicAuthMatches(header: string | undefined, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  // Hashing first gives equal lengths, so timingSafeEqual compares without revealing the length.
  return timingSafeEqual(sha256(decoded.slice(colon + 1)), sha256(password));
}

export const studioRealm = "SSL content studio";

/**
 * Guards the studio (pages, API, status). Without STUDIO_PASSWORD only this machine gets in: a
 * loopback client (server/client-address.ts: the peer, or the client a trusted proxy forwarded),
 * naming this machine in Host, never through a proxy that is not trusted. With STUDIO_PASSWORD every
 * request needs it, and a client that got it wrong too often waits (429, Retry-After); every wrong
 * password is logged with the client's address and the time, never the password tried.
 */
export function studioAccess(options: StudioAccessOptions): MiddlewareHandler {
  // Counts wrong passwords only: a request without credentials is the browser asking for the prompt.
  const failures = createRateLimiter(options.passwordAttempts ?? defaultPasswordAttempts);
  const noStore = { "Cache-Control": "no-store" };
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    const client = clientOf(c, options.trustedProxies);
    if (options.password) {
      const key = rateLimitKey(client.address ?? client.peer);
      const who = client.address ?? client.peer ?? "an unknown address";
      // Throttled, the right password waits too: otherwise the limit would only slow the guesses that fail.
      if (failures.exhausted(key)) {
        const retryAfter = failures.retryAfterSeconds(key);
        console.warn(`studio: ${new Date().toISOString()} password attempt from ${who} refused (too many wrong passwords; ${retryAfter} s left)`);
        return c.text(
          `Too many wrong passwords for the content studio from this address: try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? "s" : ""}.`,
          429,
          { "Retry-After": String(retryAfter), ...noStore },
        );
      }
      const authorization = c.req.header("authorization");
      if (basicAuthMatches(authorization, options.password)) {
        failures.reset(key);
        return next();
      }
      if (authorization !== undefined) {
        failures.hit(key);
        console.warn(`studio: ${new Date().toISOString()} wrong password from ${who}`);
      }
      return c.text("The content studio needs its password (STUDIO_PASSWORD).", 401, {
        "WWW-Authenticate": `Basic realm="${studioRealm}", charset="UTF-8"`,
        ...noStore,
      });
    }
    if (client.forwarded === "untrusted" || !isLoopbackAddress(client.address)) {
      const reason =
        client.forwarded === "untrusted"
          ? "this request came through a proxy"
          : `this request came from ${client.address ?? "an unknown address"}`;
      return c.text(
        `The content studio answers only on this machine (loopback) while no STUDIO_PASSWORD is set; ${reason}. Set STUDIO_PASSWORD (and serve over HTTPS) to open it to others.`,
        403,
        noStore,
      );
    }
    if (!isLoopbackHost(c.req.url)) {
      return c.text("The content studio answers only to localhost or 127.0.0.1 in the address bar while no STUDIO_PASSWORD is set.", 403, noStore);
    }
    return next();
  };
}
