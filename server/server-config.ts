import { dirname, join, resolve } from "node:path";
import keystaticConfig from "../keystatic.config";
import { studioStorageFromEnv } from "../studio/storage";
import type { AppOptions } from "./app";
import { parseTrustedProxies } from "./client-address";
import { leadsConfigFromEnv } from "./leads/start";
import { mailOptionsFromEnv } from "./mail/config";
import { staffConfigFromEnv } from "./staff/config";

/**
 * What `npm start` (server/index.ts) makes of the environment, every variable documented in
 * .env.example. A function of the environment, so tests build the app exactly as the server does.
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const clientDir = resolve(env.CLIENT_DIR ?? "build/client");
  const contentDir = resolve(env.CONTENT_DIR ?? "content");
  const storage = studioStorageFromEnv(env);
  // One rule for who the client is: the mail endpoint's rate limit and the studio's guard share it.
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  const app = {
    clientDir,
    mail: { ...mailOptionsFromEnv(env), trustedProxies },
    studio: {
      config: keystaticConfig,
      storage,
      contentDir,
      studioDir: resolve(env.STUDIO_DIR ?? "build/studio"),
      access: { trustedProxies },
    },
  } satisfies Omit<AppOptions, "mail"> & { mail: Omit<NonNullable<AppOptions["mail"]>, "database"> };
  return {
    app,
    /** The staff desk (issue 28): accounts in the leads database, the session secret, the retention of job applications. */
    staff: staffConfigFromEnv(env, trustedProxies),
    /** STUDIO_PASSWORD is retired: start-up says so when it is still set. */
    studioPasswordSet: !!env.STUDIO_PASSWORD,
    /** The leads database (DATABASE_URL or DATA_DIR) and the former outbox to import once. */
    leads: leadsConfigFromEnv(env),
    port: Number(env.PORT ?? 3000),
    hostname: env.HOST ?? "0.0.0.0",
    // Local mode: a change under CONTENT_DIR rebuilds the site into RELEASES_DIR and swaps it in.
    // GitHub mode: saves are commits, and CI publishes.
    publishing:
      storage.storage.kind === "local" && env.PUBLISH !== "0"
        ? {
            releasesDir: resolve(env.RELEASES_DIR || join(dirname(clientDir), "releases")),
            debounceMs: Number(env.PUBLISH_DEBOUNCE_MS ?? 1000),
          }
        : undefined,
  };
}
