import type { ProxyTrust } from "../client-address";
import { ConfigError } from "../config-error";

export type StaffConfig = {
  /** BETTER_AUTH_SECRET (≥ 32 characters); absent: made once and kept in the database. */
  secret?: string;
  trustedProxies: ProxyTrust;
  /** APPLICATION_RETENTION_DAYS: overrides the studio's value (content/forms/career.yaml) when set. */
  retentionDays?: number;
};

/** The staff desk's settings from the environment (documented in .env.example and docs/environment.md). */
export function staffConfigFromEnv(env: NodeJS.ProcessEnv, trustedProxies: ProxyTrust): StaffConfig {
  const secret = env.BETTER_AUTH_SECRET || undefined;
  if (secret && secret.length < 32) throw new ConfigError("BETTER_AUTH_SECRET must be at least 32 characters (openssl rand -base64 32)");
  let retentionDays: number | undefined;
  if (env.APPLICATION_RETENTION_DAYS) {
    retentionDays = Number(env.APPLICATION_RETENTION_DAYS);
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 3650) {
      throw new ConfigError(`APPLICATION_RETENTION_DAYS must be a whole number of days from 1 to 3650, not "${env.APPLICATION_RETENTION_DAYS}"`);
    }
  }
  return { secret, trustedProxies, retentionDays };
}
