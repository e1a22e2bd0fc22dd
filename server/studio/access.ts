import { createHash, timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

export type StudioAccessOptions = {
  /** STUDIO_PASSWORD: when set, every studio page and API call must carry it (HTTP Basic, any user name). */
  password?: string;
  /** TRUST_PROXY: the client is the last X-Forwarded-For entry (nginx appends the real address). */
  trustProxy?: boolean;
};

const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"];

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

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

/** Who asks, as far as this server can tell: the socket peer, or behind a trusted proxy the address it forwarded. */
function clientAddress(c: Context, { trustProxy = false }: StudioAccessOptions) {
  const peer = socketAddress(c);
  const forwarded = forwardingHeaders.some((name) => c.req.header(name) !== undefined);
  if (!forwarded) return { address: peer, forwarded: false };
  // Forwarded by a proxy we trust (its own socket is loopback): the client is the entry nginx appended.
  if (trustProxy && isLoopbackAddress(peer)) {
    const last = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    return { address: last, forwarded: true };
  }
  // A forwarded request we cannot vouch for is never loopback, whatever its socket says.
  return { address: undefined, forwarded: true };
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
 * loopback peer, naming this machine in Host, with no proxy in between (unless TRUST_PROXY says the
 * proxy's forwarded client is itself loopback). With STUDIO_PASSWORD every request needs it.
 */
export function studioAccess(options: StudioAccessOptions): MiddlewareHandler {
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (options.password) {
      if (basicAuthMatches(c.req.header("authorization"), options.password)) return next();
      return c.text("The content studio needs its password (STUDIO_PASSWORD).", 401, {
        "WWW-Authenticate": `Basic realm="${studioRealm}", charset="UTF-8"`,
        "Cache-Control": "no-store",
      });
    }
    const client = clientAddress(c, options);
    if (!isLoopbackAddress(client.address)) {
      const reason = client.forwarded
        ? "this request came through a proxy"
        : `this request came from ${client.address ?? "an unknown address"}`;
      return c.text(
        `The content studio answers only on this machine (loopback) while no STUDIO_PASSWORD is set; ${reason}. Set STUDIO_PASSWORD (and serve over HTTPS) to open it to others.`,
        403,
        { "Cache-Control": "no-store" },
      );
    }
    if (!isLoopbackHost(c.req.url)) {
      return c.text("The content studio answers only to localhost or 127.0.0.1 in the address bar while no STUDIO_PASSWORD is set.", 403, {
        "Cache-Control": "no-store",
      });
    }
    return next();
  };
}
