import addressparser from "nodemailer/lib/addressparser";
import { ConfigError } from "../platform/config-error";
import { readEnvironment, type Environment, type RawEnvironment } from "../../app/lib/contracts/environment.server";
import type { MailOptions } from "./intake";

export { ConfigError };

/** Plain e-mail addresses in an address list ("Name <a@b.c>, d@e.f"); throws naming the variable. */
export function addressesIn(name: string, value: string): string[] {
  const parsed = addressparser(value, { flatten: true });
  const bad = parsed.length === 0 || parsed.some((a) => !/^[^@\s]+@[^@\s]+$/.test(a.address));
  if (bad)
    throw new ConfigError(`${name}: "${value}" is not a list of e-mail addresses (e.g. "SSL website <website@example.com>" or "a@example.com, b@example.com")`);
  return parsed.map((a) => a.address);
}

/** Mail endpoint options from an environment (a test's); `npm start` goes through serverConfigFromEnv. */
export function mailOptionsFromEnv(env: RawEnvironment): Omit<MailOptions, "database"> {
  return mailOptionsFrom(readEnvironment(env));
}

/**
 * Mail endpoint options from the parsed environment (app/lib/contracts/environment.server.ts checks
 * each value's form; here the rules about addresses and between variables). Throws ConfigError naming a bad variable.
 */
export function mailOptionsFrom(environment: Environment): Omit<MailOptions, "database"> {
  const { MAIL_FROM: from, MAIL_TO: to, QUOTE_MAIL_TO: sales, SMTP_URL: smtpUrl } = environment;
  if (sales) addressesIn("QUOTE_MAIL_TO", sales);
  if (from && addressesIn("MAIL_FROM", from).length !== 1) throw new ConfigError(`MAIL_FROM: "${from}" must be one address`);
  if (to) addressesIn("MAIL_TO", to);
  // The built-in recipient (info@localhost) is for a machine with no relay; a real relay would bounce it.
  if (smtpUrl && !to)
    throw new ConfigError("MAIL_TO: not set, but SMTP_URL is: set MAIL_TO to the address(es) that receive the form submissions (comma-separated)");
  return {
    rateLimit: { max: environment.MAIL_RATE_LIMIT_MAX, windowMs: environment.MAIL_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    addresses: { from, to, sales },
    smtpUrl,
  };
}
