import { describe, expect, it } from "vitest";
import { createSignInThrottle, defaultSignInThrottle } from "./throttle";

const minute = 60_000;
const day = 24 * 60 * minute;

/** The default throttle on a clock the test moves. */
function throttleAt(start = Date.UTC(2026, 4, 1)) {
  const clock = { now: start };
  const throttle = createSignInThrottle({ now: () => clock.now });
  const fail = (email: string, client: string, times: number) => {
    for (let i = 0; i < times; i++) throttle.failed(email, client);
  };
  return { clock, throttle, fail };
}

describe("the sign-in throttle", () => {
  it("makes a client that guessed five times wait for that account, the right password included; the owner elsewhere signs in at once", () => {
    const { throttle, fail, clock } = throttleAt();
    fail("admin@example.com", "198.51.100.66", 5);
    expect(throttle.waitSeconds("admin@example.com", "198.51.100.66")).toBe(15 * 60);
    expect(throttle.waitSeconds("Admin@Example.com ", "198.51.100.66")).toBe(15 * 60);
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBe(0);
    // The guesser may still try another account (up to the per-client limit).
    expect(throttle.waitSeconds("sales@example.com", "198.51.100.66")).toBe(0);
    clock.now += 15 * 60_000;
    expect(throttle.waitSeconds("admin@example.com", "198.51.100.66")).toBe(0);
  });

  it("makes one client that tries many accounts wait after twenty wrong passwords, whatever the account", () => {
    const { throttle, fail } = throttleAt();
    for (let i = 0; i < 20; i++) fail(`nobody${i}@example.com`, "198.51.100.66", 1);
    expect(throttle.waitSeconds("admin@example.com", "198.51.100.66")).toBeGreaterThan(0);
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBe(0);
  });

  it("past the account's ceiling (many addresses), lets only a client the account signed in from lately try", () => {
    const { throttle, fail, clock } = throttleAt();
    throttle.succeeded("admin@example.com", "203.0.113.7");
    clock.now += 10 * day;
    const ceiling = defaultSignInThrottle.perAccount.max;
    for (let i = 0; i < ceiling / 5; i++) fail("admin@example.com", `198.51.100.${i + 1}`, 5);
    expect(throttle.waitSeconds("admin@example.com", "192.0.2.200")).toBeGreaterThan(0);
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBe(0);
    // Known for 30 days from its last sign-in, then it waits like anyone.
    clock.now += 20 * day - minute;
    for (let i = 0; i < ceiling / 5; i++) fail("admin@example.com", `198.51.100.${i + 1}`, 5);
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBe(0);
    clock.now += minute;
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBeGreaterThan(0);
  });

  it("starts a client's count for an account again when it signs in, and only that client's", () => {
    const { throttle, fail } = throttleAt();
    fail("admin@example.com", "203.0.113.7", 4);
    fail("admin@example.com", "198.51.100.66", 5);
    throttle.succeeded("admin@example.com", "203.0.113.7");
    fail("admin@example.com", "203.0.113.7", 4);
    expect(throttle.waitSeconds("admin@example.com", "203.0.113.7")).toBe(0);
    expect(throttle.waitSeconds("admin@example.com", "198.51.100.66")).toBeGreaterThan(0);
  });
});
