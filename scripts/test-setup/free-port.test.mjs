import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  allowedPortRanges,
  e2eServerPort,
  ephemeralPortRange,
  freePort,
  freePorts,
  isAddressInUse,
  isPortFree,
  parsePortRange,
  randomAllowedPort,
  withFreePorts,
} from "./free-port.mjs";

const open = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Occupies `port` on `host` until the test ends. */
function occupy(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, host, () => {
      open.push(server);
      resolve(server);
    });
  });
}

/** A `random` that yields these values in turn, then keeps returning the last. */
function sequence(...values) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)];
}

const { low: ephemeralLow, high: ephemeralHigh } = ephemeralPortRange();
const inEphemeralRange = (port) => port >= ephemeralLow && port <= ephemeralHigh;

describe("the ports a test server may use", () => {
  it("reads Linux's ephemeral port range", () => {
    expect(parsePortRange("32768\t60999\n")).toEqual({ low: 32768, high: 60999 });
    expect(() => parsePortRange("60999 32768")).toThrow(/not a port range/);
    expect(() => parsePortRange("")).toThrow(/not a port range/);
  });

  it("are 10000–65535 without the ephemeral range", () => {
    expect(allowedPortRanges({ low: 32768, high: 60999 })).toEqual([
      { low: 10000, high: 32767 },
      { low: 61000, high: 65535 },
    ]);
    expect(allowedPortRanges({ low: 1024, high: 65535 - 100 })).toEqual([{ low: 65436, high: 65535 }]);
    expect(() => allowedPortRanges({ low: 1024, high: 65535 })).toThrow(/leaves no port/);
  });

  it("draws uniformly across the allowed ranges, never inside the ephemeral range", () => {
    const ranges = allowedPortRanges({ low: 32768, high: 60999 });
    expect(randomAllowedPort(ranges, () => 0)).toBe(10000);
    expect(randomAllowedPort(ranges, () => 22767.5 / 27304)).toBe(32767);
    expect(randomAllowedPort(ranges, () => 22768.5 / 27304)).toBe(61000);
    expect(randomAllowedPort(ranges, () => 0.999999999)).toBe(65535);
    for (let i = 0; i < 1000; i++) {
      const port = randomAllowedPort(ranges);
      expect(port >= 10000 && port <= 65535 && !(port >= 32768 && port <= 60999), String(port)).toBe(true);
    }
  });
});

describe("freePorts", () => {
  it("returns distinct ports that can be bound now, outside the ephemeral range", async () => {
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(inEphemeralRange(port), String(port)).toBe(false);
      await occupy(port, "127.0.0.1");
    }
  });

  it("skips a port another server listens on, on loopback or on every interface", async () => {
    const ranges = [{ low: 20000, high: 29999 }];
    const [taken, alsoTaken, free] = await freePorts(3, { ranges });
    await occupy(taken, "127.0.0.1");
    await occupy(alsoTaken, "0.0.0.0");
    expect(await isPortFree(taken)).toBe(false);
    expect(await isPortFree(alsoTaken)).toBe(false);
    // The middle of the port's slot of [0, 1): no rounding lands on its neighbour.
    const at = (port) => (port - 20000 + 0.5) / 10000;
    const port = await freePort({ ranges, random: sequence(at(taken), at(alsoTaken), at(taken), at(free)) });
    expect(port).toBe(free);
  });

  it("gives up with a clear message when nothing is free", async () => {
    const [taken] = await freePorts(1, { ranges: [{ low: 20000, high: 29999 }] });
    await occupy(taken, "127.0.0.1");
    await expect(freePort({ ranges: [{ low: taken, high: taken }], attempts: 3 })).rejects.toThrow(/no free port found in 3 attempts/);
  });
});

describe("withFreePorts", () => {
  const inUse = () => Object.assign(new Error("listen EADDRINUSE: address already in use"), { code: "EADDRINUSE" });

  it("recognises a bind failure from Node and from nginx", () => {
    expect(isAddressInUse(inUse())).toBe(true);
    expect(isAddressInUse(new Error("nginx exited (1): nginx: [emerg] bind() to 127.0.0.1:38082 failed (98: Address already in use)"))).toBe(true);
    expect(isAddressInUse(new Error("nginx exited (1): unknown directive"))).toBe(false);
    expect(isAddressInUse(undefined)).toBe(false);
  });

  it("starts again on fresh ports when a port was taken meanwhile", async () => {
    const calls = [];
    const result = await withFreePorts(3, async (ports) => {
      calls.push(ports);
      if (calls.length < 3) throw inUse();
      return "started";
    });
    expect(result).toBe("started");
    expect(calls).toHaveLength(3);
    expect(new Set(calls.flat()).size).toBe(9); // never the same port twice
  });

  it("passes any other failure straight up, and stops after the last try", async () => {
    let calls = 0;
    await expect(
      withFreePorts(1, async () => {
        calls++;
        throw new Error("bad config");
      }),
    ).rejects.toThrow("bad config");
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      withFreePorts(
        1,
        async () => {
          calls++;
          throw inUse();
        },
        { tries: 2 },
      ),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(calls).toBe(2);
  });

  it("hands a real server a port it can listen on", async () => {
    const server = await withFreePorts(1, ([port]) => occupy(port, "127.0.0.1"));
    expect(inEphemeralRange(server.address().port)).toBe(false);
  });
});

describe("e2eServerPort", () => {
  it("honours an explicit PORT", () => {
    const env = { PORT: "3103" };
    expect(e2eServerPort(env)).toBe(3103);
    expect(env.E2E_PORT).toBeUndefined();
    expect(() => e2eServerPort({ PORT: "abc" })).toThrow(/PORT must be a port number/);
  });

  it("otherwise finds a free port once and hands the same one to every later caller through E2E_PORT", async () => {
    const env = {};
    const port = e2eServerPort(env);
    expect(env.E2E_PORT).toBe(String(port));
    expect(inEphemeralRange(port)).toBe(false);
    expect(await isPortFree(port)).toBe(true);
    expect(e2eServerPort({ ...env })).toBe(port); // a worker inherits the runner's environment
  });
});
