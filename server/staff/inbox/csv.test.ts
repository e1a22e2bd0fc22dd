import { describe, expect, it } from "vitest";
import { csvRecord, guardFormula } from "./csv";

describe("a CSV record", () => {
  it("quotes every value, doubles quotes and ends with CRLF", () => {
    expect(csvRecord(["SSL-1", 'He said "hi", then left', "line one\nline two", null, 42])).toBe(
      '"SSL-1","He said ""hi"", then left","line one\nline two","","42"\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.test","click")', "an equals sign"],
    ["+1+cmd|' /C calc'!A0", "a plus"],
    ["-2+3", "a minus"],
    ["@SUM(1,2)", "an at sign"],
    ["\t=1+1", "a tab"],
    ["\r=1+1", "a carriage return"],
    ["\n=1+1", "a line feed"],
    ["\rplain text after a carriage return", "a carriage return before anything"],
    ["\u0000=1+1", "a NUL"],
    [' =HYPERLINK("http://evil.test")', "a space"],
    ["   +1", "several spaces"],
    ["\u00a0=1+1", "a no-break space"],
    ["\u3000=1+1", "an ideographic space"],
    ["\u200b=1+1", "a zero-width space"],
    ["\ufeff@SUM(A1)", "a byte-order mark"],
    [" \r\n -1", "spaces and a line break"],
    ["\uff1d1+1", "a full-width equals sign"],
    ["\uff20SUM(A1)", "a full-width at sign"],
  ])("neutralises %j (%s) with a leading apostrophe, keeping every character", (value) => {
    expect(guardFormula(value)).toBe(`'${value}`);
  });

  it.each([
    ["Jane Roe"],
    ["jane@acme.test"],
    ["SSL-42"],
    ["2026-03-01T10:00:00.000Z"],
    ["men/hoodie × 1,500"],
    [""],
    ["a = b"],
    ["Price: -5%"],
    [" leading space only"],
  ])("leaves %j as it is", (value) => {
    expect(guardFormula(value)).toBe(value);
  });
});
