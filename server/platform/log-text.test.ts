import { describe, expect, it } from "vitest";
import { reasonOf } from "../db/db";
import { errorForLog, logLine, logValue, oneLine } from "./log-text";

describe("values in the server log", () => {
  it("leaves a plain word as it is: an e-mail address, an address, a number, a date", () => {
    expect(logLine`staff: ${new Date("2026-05-01T10:00:00Z")} failed sign-in for ${"admin@example.com"} from ${"2001:db8:1:2::/64"} (${889} s)`).toBe(
      "staff: 2026-05-01T10:00:00.000Z failed sign-in for admin@example.com from 2001:db8:1:2::/64 (889 s)",
    );
  });

  it("quotes and escapes a value that could forge a line, hide text or read as two values", () => {
    const forged = "x@evil.test\nstaff: 2026-05-01T10:00:00.000Z sign-in for admin@example.com succeeded from 1.2.3.4";
    const line = logLine`staff: failed sign-in for ${forged} from ${"203.0.113.9"}`;
    expect(line).not.toMatch(/[\n\r]/);
    expect(line).toBe(
      'staff: failed sign-in for "x@evil.test\\nstaff: 2026-05-01T10:00:00.000Z sign-in for admin@example.com succeeded from 1.2.3.4" from 203.0.113.9',
    );
    expect(logValue("a\rb\u2028c\u2029d\u001b[2Je\u202ef\u0085g")).toBe('"a\\rb\\u2028c\\u2029d\\u001b[2Je\\u202ef\\u0085g"');
    expect(logValue('admin@example.com succeeded "quoted" \\n')).toBe('"admin@example.com succeeded \\"quoted\\" \\\\n"');
    expect(logValue("")).toBe('""');
    expect(logValue(undefined)).toBe("-");
    expect(logValue({ path: "content/faq\nx" })).toBe('"{\\"path\\":\\"content/faq\\\\nx\\"}"');
  });

  it("keeps an error's stack frames but puts its message on one line", () => {
    const error = new Error("could not read\nstaff: forged line");
    const logged = errorForLog(error);
    expect(logged.split("\n")[0]).toBe("Error: could not read\\nstaff: forged line");
    expect(
      logged
        .split("\n")
        .slice(1)
        .every((frame) => /^\s+at /.test(frame)),
    ).toBe(true);
    expect(logged.split("\n").length).toBeGreaterThan(1);
    expect(errorForLog("plain\nthrown text")).toBe("plain\\nthrown text");
  });

  it("gives a database's or mail server's reason on one line (reasonOf)", () => {
    // A driver's message lists the query's values after its first line: only that line is kept.
    expect(reasonOf(new Error("Failed query: insert …\nparams: a visitor's whole message"))).toBe("Failed query: insert …");
    expect(reasonOf(new Error("550 <x@evil.test\rstaff: forged>"))).toBe("550 <x@evil.test\\rstaff: forged>");
    expect(reasonOf(new Error("query failed", { cause: new Error("value\nforged") }))).toBe("value\\nforged");
    expect(oneLine("already one line")).toBe("already one line");
  });
});
