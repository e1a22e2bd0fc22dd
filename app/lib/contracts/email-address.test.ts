import { describe, expect, it } from "vitest";
import { emailAddressMaxLength, isEmailAddress } from "./email-address";

describe("the forms' one e-mail rule", () => {
  it("takes one mailbox as people write it", () => {
    for (const address of ["anna@nordic.example", "o'neil+quotes@nordic-retail.co.uk", "first.last@sub.company.com", "x@xn--bcher-kva.de", "a_b-c@d.io"]) {
      expect(isEmailAddress(address), address).toBe(true);
    }
  });

  it("refuses a list, a display name, angle brackets and anything a mail header would read as more than one address", () => {
    for (const address of [
      "a,b@evil.test",
      "x@evil.test;y",
      "<x@evil.test>",
      "Anna <anna@nordic.example>",
      "a@evil.test b@evil.test",
      '"a b"@evil.test',
      "a(comment)@evil.test",
      "a@[127.0.0.1]",
    ]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });

  it("refuses what reaches no mailbox: no domain with a dot, empty parts, dots out of place, line breaks", () => {
    for (const address of [
      "anna@localhost",
      "@nordic.example",
      "anna@",
      "anna",
      ".anna@nordic.example",
      "an..na@nordic.example",
      "anna.@nordic.example",
      "anna@nordic..example",
      "anna@-nordic.example",
      "anna@nordic.example\r\nBcc: b@evil.test",
      "anna@nordic.e1",
    ]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });

  it("refuses an address over 254 characters or with more than 64 before the @", () => {
    const domain = `${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.com`;
    expect(isEmailAddress(`${"a".repeat(64)}@nordic.example`)).toBe(true);
    expect(isEmailAddress(`${"a".repeat(65)}@nordic.example`)).toBe(false);
    const longest = `${"a".repeat(emailAddressMaxLength - domain.length - 1)}@${domain}`;
    expect(longest.length).toBe(emailAddressMaxLength);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
  });
});
