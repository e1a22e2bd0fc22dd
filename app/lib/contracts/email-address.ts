// The one rule for an e-mail address a visitor types into a form (contact, career, quote): the
// browser's forms check it after hydration and the server on every path (decision 0063).
//
// What the site does with the address decides the rule: it becomes the Reply-To of the company's
// message and the recipient of the buyer's acknowledgement. So it must be exactly one mailbox that
// a mail server delivers to, written as people write it: `name@company.com`. No display name or
// angle brackets (`<x@evil.test>`), no list (`a,b@evil.test`, `x@evil.test;y`), no quoted local part,
// no comment, no IP literal, and a domain with a dot in it (`name@localhost` reaches no buyer).
// Characters are those of RFC 5322's dot-atom (the HTML spec's `type="email"` takes the same), the
// domain's labels those of a host name (an international domain in its xn-- form, as the browser
// sends it).

import { fieldMaxLength } from "./form-endpoint";

/** RFC 5321: 254 characters for a whole address in a path (the forms' maxLength), 64 for the part before the @. */
export const emailAddressMaxLength = fieldMaxLength.email;
const localPartMaxLength = 64;

const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const topLevel = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";
const pattern = new RegExp(`^${atom}(?:\\.${atom})*@(?:${label}\\.)+${topLevel}$`);

/** True when `value` (already trimmed) is one e-mail address by the rule above. */
export function isEmailAddress(value: string): boolean {
  if (value.length > emailAddressMaxLength) return false;
  const at = value.lastIndexOf("@");
  return at > 0 && at <= localPartMaxLength && pattern.test(value);
}
