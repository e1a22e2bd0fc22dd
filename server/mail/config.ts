import { defaultRateLimit, type MailOptions } from "./mail-api";

/** Mail endpoint options from the environment (documented in .env.example). */
export function mailOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<MailOptions, "database"> {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== "" && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    rateLimit: {
      max: number("MAIL_RATE_LIMIT_MAX", defaultRateLimit.max),
      windowMs: number("MAIL_RATE_LIMIT_WINDOW_SECONDS", defaultRateLimit.windowMs / 1000) * 1000,
    },
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    addresses: { from: env.MAIL_FROM || undefined, to: env.MAIL_TO || undefined },
    smtpUrl: env.SMTP_URL || undefined,
  };
}
