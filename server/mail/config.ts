import addressparser from "nodemailer/lib/addressparser";
import { ConfigError } from "../config-error";
import { defaultRateLimit, type MailOptions } from "./mail-api";

export { ConfigError };

/** An unset, empty or blank variable is unset: its default applies. */
const valueOf = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** Plain e-mail addresses in an address list ("Name <a@b.c>, d@e.f"); throws naming the variable. */
export function addressesIn(name: string, value: string): string[] {
  const parsed = addressparser(value, { flatten: true });
  const bad = parsed.length === 0 || parsed.some((a) => !/^[^@\s]+@[^@\s]+$/.test(a.address));
  if (bad) throw new ConfigError(`${name}: "${value}" is not a list of e-mail addresses (e.g. "SSL website <website@example.com>" or "a@example.com, b@example.com")`);
  return parsed.map((a) => a.address);
}

/** Mail endpoint options from the environment (documented in .env.example). Throws ConfigError naming a bad variable. */
export function mailOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<MailOptions, "database"> {
  const number = (name: string, fallback: number) => {
    const text = valueOf(env, name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name}: "${text}" is not a number of 0 or more`);
    return value;
  };
  const from = valueOf(env, "MAIL_FROM");
  const to = valueOf(env, "MAIL_TO");
  const sales = valueOf(env, "QUOTE_MAIL_TO");
  if (sales) addressesIn("QUOTE_MAIL_TO", sales);
  const smtpUrl = valueOf(env, "SMTP_URL");
  if (from && addressesIn("MAIL_FROM", from).length !== 1) throw new ConfigError(`MAIL_FROM: "${from}" must be one address`);
  if (to) addressesIn("MAIL_TO", to);
  if (smtpUrl) {
    if (!URL.canParse(smtpUrl) || !/^smtps?:$/.test(new URL(smtpUrl).protocol)) {
      throw new ConfigError("SMTP_URL: not an smtp:// or smtps:// URL (e.g. smtps://user:password@smtp.example.com:465)");
    }
    // The built-in recipient (info@localhost) is for a machine with no relay; a real relay would bounce it.
    if (!to) throw new ConfigError("MAIL_TO: not set, but SMTP_URL is: set MAIL_TO to the address(es) that receive the form submissions (comma-separated)");
  }
  return {
    rateLimit: {
      max: number("MAIL_RATE_LIMIT_MAX", defaultRateLimit.max),
      windowMs: number("MAIL_RATE_LIMIT_WINDOW_SECONDS", defaultRateLimit.windowMs / 1000) * 1000,
    },
    addresses: { from, to, sales },
    smtpUrl,
  };
}
