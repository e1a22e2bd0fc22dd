import type { Environment } from "../../app/lib/contracts/environment.server";
import type { ProxyTrust } from "../platform/client-address";

export type StaffConfig = {
  /** BETTER_AUTH_SECRET (≥ 32 characters, checked by the environment schema); absent: made once and kept in the database. */
  secret?: string;
  trustedProxies: ProxyTrust;
  /** APPLICATION_RETENTION_DAYS: overrides the studio's value (content/career.yaml) when set. */
  retentionDays?: number;
  /** DIGEST_TIME and DIGEST_TIME_ZONE: the morning digest's local time and zone (server/staff/digest.ts). */
  digest: { time: string; timeZone: string };
};

/** The staff desk's settings from the parsed environment (documented in .env.example and docs/environment.md). */
export function staffConfigFrom(environment: Environment, trustedProxies: ProxyTrust): StaffConfig {
  return {
    secret: environment.BETTER_AUTH_SECRET,
    trustedProxies,
    retentionDays: environment.APPLICATION_RETENTION_DAYS,
    digest: { time: environment.DIGEST_TIME, timeZone: environment.DIGEST_TIME_ZONE },
  };
}
