import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientOf, parseTrustedProxies, rateLimitKey, type Client, type ProxyTrust } from "./client-address";

/** The client the server makes of a request from socket peer `peer` with these headers. */
async function clientFor(peer: string, headers: Record<string, string> = {}, trust?: ProxyTrust): Promise<Client> {
  const app = new Hono();
  app.get("/", (c) => c.json(clientOf(c, trust)));
  const response = await app.request("/", { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return (await response.json()) as Client;
}

describe("who the client is", () => {
  it("is the socket peer when the peer is not a trusted proxy, whatever X-Forwarded-For says", async () => {
    expect(await clientFor("203.0.113.7", { "x-forwarded-for": "198.51.100.1" })).toMatchObject({ address: "203.0.113.7", forwarded: "untrusted" });
  });

  it("is the right-most forwarded address that is not a trusted proxy, behind one", async () => {
    // The client wrote the first entry itself; nginx appended the address it saw.
    expect(await clientFor("127.0.0.1", { "x-forwarded-for": "10.9.9.9, 198.51.100.4" })).toMatchObject({ address: "198.51.100.4", forwarded: "trusted" });
    const twoProxies = parseTrustedProxies("127.0.0.1, 10.0.0.0/8");
    expect(await clientFor("127.0.0.1", { "x-forwarded-for": "1.2.3.4, 198.51.100.4, 10.0.0.5" }, twoProxies)).toMatchObject({ address: "198.51.100.4" });
    expect(await clientFor("::ffff:127.0.0.1", { "x-forwarded-for": "127.0.0.1" })).toMatchObject({ address: "127.0.0.1" });
  });

  it("is unknown when a trusted proxy forwards nonsense or forgets to say", async () => {
    expect((await clientFor("127.0.0.1", { "x-forwarded-for": "unknown" })).address).toBeUndefined();
    expect((await clientFor("127.0.0.1", { forwarded: "for=198.51.100.4" })).address).toBeUndefined();
  });

  it("reads TRUSTED_PROXIES as addresses and ranges, `none`, or loopback when empty, and refuses a typo", () => {
    const loopback = parseTrustedProxies("");
    expect([loopback("127.0.0.1"), loopback("127.8.0.1"), loopback("::1"), loopback("::ffff:127.0.0.1"), loopback("10.0.0.1")]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    const lan = parseTrustedProxies("10.0.0.0/8 fd00::/8");
    expect([lan("10.20.30.40"), lan("fd12::1"), lan("127.0.0.1")]).toEqual([true, true, false]);
    expect(parseTrustedProxies("none")("127.0.0.1")).toBe(false);
    expect(() => parseTrustedProxies("127.0.0.1/40")).toThrow(/TRUSTED_PROXIES: "127.0.0.1\/40" is not an IP address or CIDR range/);
    expect(() => parseTrustedProxies("nginx")).toThrow(/TRUSTED_PROXIES: "nginx"/);
  });
});

describe("the rate limit's key", () => {
  it("is an IPv4 address itself, mapped or not", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(rateLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
