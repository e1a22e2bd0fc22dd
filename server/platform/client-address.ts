import { BlockList, isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { environmentDefaults } from "../../app/lib/contracts/environment.server";
import { ConfigError } from "./config-error";

/**
 * Who is the client: the one rule the mail endpoint's rate limit and the studio's guard share.
 *
 * The socket peer is the client, unless the peer is a trusted proxy (TRUSTED_PROXIES, loopback by
 * default: nginx on this machine). Then the client is the right-most X-Forwarded-For entry that is
 * not itself a trusted proxy: nginx appends the address it saw, so entries left of it are whatever
 * the client chose to send and are never believed. A peer that is not a trusted proxy cannot make
 * itself anyone else by sending the header.
 */

/** TRUSTED_PROXIES when unset: a proxy on this machine. */
export const defaultTrustedProxies = environmentDefaults.TRUSTED_PROXIES;

/** Whether an address belongs to a proxy whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string) => boolean;

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * TRUSTED_PROXIES: addresses or CIDR ranges, comma- or space-separated (`127.0.0.1/8, ::1`,
 * `10.0.0.5`, `fd00::/8`); `none` trusts no proxy. Throws on an entry that is neither, so a typo
 * stops the server at start instead of silently trusting nobody (or everybody).
 */
export function parseTrustedProxies(setting: string | undefined = defaultTrustedProxies): ProxyTrust {
  const text = setting.trim() === "" ? defaultTrustedProxies : setting.trim();
  const list = new BlockList();
  if (text.toLowerCase() !== "none") {
    for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
      const [address = "", prefixText, ...rest] = entry.split("/");
      const type = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
      const prefix = prefixText === undefined ? (type === "ipv4" ? 32 : 128) : Number(prefixText);
      const maxPrefix = type === "ipv4" ? 32 : 128;
      if (!type || rest.length > 0 || !/^\d*$/.test(prefixText ?? "") || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) {
        throw new ConfigError(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1/8, ::1, 10.0.0.5); use "none" to trust no proxy`);
      }
      list.addSubnet(address, prefix, type);
    }
  }
  return (address) => {
    const ip = normalizeAddress(address);
    if (isIPv4(ip)) return list.check(ip, "ipv4");
    return isIPv6(ip) ? list.check(ip, "ipv6") : false;
  };
}

const loopbackOnly = parseTrustedProxies(defaultTrustedProxies);

export type Client = {
  /** The client's address; undefined when a trusted proxy forwarded the request without saying for whom (or said nonsense). */
  address: string | undefined;
  /** The socket peer, as the server saw it (undefined for app.request() in tests without a socket). */
  peer: string | undefined;
  /** none: no forwarding headers; trusted: a trusted proxy forwarded it; untrusted: forwarding headers from a peer not trusted. */
  forwarded: "none" | "trusted" | "untrusted";
};

const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"];

function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeAddress(address) : undefined;
  } catch {
    return undefined; // app.request() without a socket (tests)
  }
}

/** The client of a request (see the top of this file). */
export function clientOf(c: Context, isTrustedProxy: ProxyTrust = loopbackOnly): Client {
  const peer = socketAddress(c);
  const hasForwarding = forwardingHeaders.some((name) => c.req.header(name) !== undefined);
  if (!hasForwarding) return { address: peer, peer, forwarded: "none" };
  if (!peer || !isTrustedProxy(peer)) return { address: peer, peer, forwarded: "untrusted" };
  // Several X-Forwarded-For headers count as one list, in order (Hono joins them with ", ").
  const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map(normalizeAddress).filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = chain[i]!;
    if (!isIPv4(entry) && !isIPv6(entry)) return { address: undefined, peer, forwarded: "trusted" };
    // Every entry a trusted proxy: the client is the left-most (a browser on the proxy's own machine).
    if (!isTrustedProxy(entry) || i === 0) return { address: entry, peer, forwarded: "trusted" };
  }
  return { address: undefined, peer, forwarded: "trusted" };
}

/** The eight 16-bit groups of an IPv6 address (`2001:db8::1`, `::ffff:1.2.3.4`, `fe80::1%eth0`). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const ipv4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -ipv4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The rate limit's key for a client address: an IPv4 address itself; an IPv6 address by its /64,
 * the block one household or server gets, so rotating the low 64 bits does not make a new client.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return "unknown";
  const ip = normalizeAddress(address);
  if (!isIPv6(ip)) return ip;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${prefix}::/64`;
}

/** The rate-limit key of a request's client (its peer when a trusted proxy did not say). */
export function clientKey(c: Context, isTrustedProxy?: ProxyTrust): string {
  const client = clientOf(c, isTrustedProxy);
  return rateLimitKey(client.address ?? client.peer);
}
