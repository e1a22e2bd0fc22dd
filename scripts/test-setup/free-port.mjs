// Ports for the servers tests and benchmarks start, found free at run time: one place, one rule.
//
// Linux hands out ports 32768–60999 (its ephemeral range, read from /proc when there) to outgoing
// connections at random: Chromium's and Node's own sockets. A test server on a port in that range can
// find it taken between the check and the bind, so every port here is drawn at random from outside
// the ephemeral range and checked by binding it; a server that still fails to bind (EADDRINUSE) is
// started again on fresh ports by `withFreePorts`.
//
// CLI: `node scripts/test-setup/free-port.mjs [count]` prints that many free ports, one a line.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Linux's default when /proc is not readable. */
const defaultEphemeral = { low: 32768, high: 60999 };
/** Below this, ports are for well-known and registered services: leave them alone. */
const lowestPort = 10000;
const highestPort = 65535;

/** Reads `/proc/sys/net/ipv4/ip_local_port_range` ("32768\t60999"). */
export function parsePortRange(text) {
  const [low, high] = text.trim().split(/\s+/).map(Number);
  if (!Number.isInteger(low) || !Number.isInteger(high) || low > high) throw new Error(`not a port range: ${JSON.stringify(text)}`);
  return { low, high };
}

export function ephemeralPortRange() {
  try {
    return parsePortRange(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8"));
  } catch {
    return defaultEphemeral;
  }
}

/** The port intervals a test server may use: 10000–65535 minus the ephemeral range. */
export function allowedPortRanges(ephemeral = ephemeralPortRange()) {
  const ranges = [];
  if (ephemeral.low > lowestPort) ranges.push({ low: lowestPort, high: Math.min(ephemeral.low - 1, highestPort) });
  if (ephemeral.high < highestPort) ranges.push({ low: Math.max(ephemeral.high + 1, lowestPort), high: highestPort });
  if (ranges.length === 0) throw new Error(`the ephemeral range ${ephemeral.low}–${ephemeral.high} leaves no port for test servers`);
  return ranges;
}

/** A uniformly random port from the allowed ranges; `random` returns a number in [0, 1). */
export function randomAllowedPort(ranges = allowedPortRanges(), random = Math.random) {
  const total = ranges.reduce((sum, r) => sum + r.high - r.low + 1, 0);
  let n = Math.floor(random() * total);
  for (const r of ranges) {
    const size = r.high - r.low + 1;
    if (n < size) return r.low + n;
    n -= size;
  }
  return ranges.at(-1).high;
}

/** Resolves to a listening server on `port` (on every interface, IPv6 and IPv4), or rejects. */
function bind(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

/** True when `port` can be bound on every interface now (so loopback and `localhost` are free too). */
export async function isPortFree(port) {
  let server;
  try {
    server = await bind(port, "::");
  } catch (error) {
    // No IPv6 on this machine: IPv4's wildcard address covers every IPv4 interface.
    if (error.code !== "EAFNOSUPPORT" && error.code !== "EADDRNOTAVAIL") return false;
    try {
      server = await bind(port, "0.0.0.0");
    } catch {
      return false;
    }
  }
  await new Promise((resolve) => server.close(resolve));
  return true;
}

/**
 * `count` distinct ports, each free when checked, drawn at random outside the ephemeral range.
 * Options (for tests): `ranges`, `random`, `exclude` (ports never to return), `attempts`.
 */
export async function freePorts(count, { ranges = allowedPortRanges(), random = Math.random, exclude = [], attempts = 200 } = {}) {
  const ports = [];
  const tried = new Set(exclude);
  for (let i = 0; ports.length < count; i++) {
    if (i >= attempts) throw new Error(`no free port found in ${attempts} attempts`);
    const port = randomAllowedPort(ranges, random);
    if (tried.has(port)) continue;
    tried.add(port);
    if (await isPortFree(port)) ports.push(port);
  }
  return ports;
}

export async function freePort(options) {
  return (await freePorts(1, options))[0];
}

/** True for a failure to bind because the address is taken (Node's error, or nginx's message). */
export function isAddressInUse(error) {
  return error?.code === "EADDRINUSE" || /EADDRINUSE|Address already in use/.test(String(error?.message ?? ""));
}

/**
 * Runs `start(ports)` with `count` free ports; when it fails because a port was taken meanwhile
 * (EADDRINUSE), runs it again with fresh ports, `tries` times in all. Other errors go straight up.
 */
export async function withFreePorts(count, start, { tries = 5, ...options } = {}) {
  const used = [];
  for (let attempt = 1; ; attempt++) {
    const ports = await freePorts(count, { ...options, exclude: [...(options.exclude ?? []), ...used] });
    try {
      return await start(ports);
    } catch (error) {
      if (!isAddressInUse(error) || attempt >= tries) throw error;
      used.push(...ports);
    }
  }
}

/**
 * The port of the server the e2e tests run against, the same in every process of one run. An
 * explicit `PORT` wins (and Playwright may reuse a server already there). Otherwise the first call
 * finds a free port and keeps it in `E2E_PORT`, which the processes started afterwards (Playwright's
 * workers, which evaluate the config again) inherit. Synchronous, because a config file is.
 */
export function e2eServerPort(env = process.env) {
  const explicit = env.PORT || env.E2E_PORT;
  if (explicit) {
    const port = Number(explicit);
    if (!Number.isInteger(port) || port < 1 || port > highestPort) throw new Error(`PORT must be a port number, not ${JSON.stringify(explicit)}`);
    return port;
  }
  env.E2E_PORT = execFileSync(process.execPath, [fileURLToPath(import.meta.url)], { encoding: "utf8" }).trim();
  return Number(env.E2E_PORT);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const count = Number(process.argv[2] ?? 1);
  if (!Number.isInteger(count) || count < 1) throw new Error("usage: node scripts/test-setup/free-port.mjs [count]");
  console.log((await freePorts(count)).join("\n"));
}
