import { dirname, join, resolve } from "node:path";
import { contentDir, publishedContentDir, readEnvironment, type Environment, type RawEnvironment } from "../app/lib/contracts/environment.server";
import { ConfigError } from "./platform/config-error";
import { studioStorageFrom } from "../studio/storage.server";
import type { AppOptions } from "./app";
import { parseTrustedProxies } from "./platform/client-address";
import { leadsConfigFrom, objectStorageFrom } from "./leads/start";
import { mailOptionsFrom } from "./intake/config";
import { imapSettingsFrom } from "./mail/inbound/imap-settings";
import { staffConfigFrom } from "./staff/config";
import { studioConfig } from "./studio/studio-config";

function publicOriginFrom({ SITE_URL, NODE_ENV, PORT }: Pick<Environment, "SITE_URL" | "NODE_ENV" | "PORT">): (listeningPort?: number) => string {
  if (SITE_URL) {
    const origin = new URL(SITE_URL).origin;
    return () => origin;
  }
  if (NODE_ENV === "production")
    throw new ConfigError("SITE_URL: must be set in production (NODE_ENV=production): the public origin every link in mail to buyers uses");
  return (listeningPort = PORT) => `http://localhost:${listeningPort}`;
}

/**
 * What `npm start` (server/index.ts) makes of the environment: read once through the one schema
 * (app/lib/contracts/environment.server.ts, every variable documented in .env.example). A function
 * of the environment, so tests build the app exactly as the server does. Throws a ConfigError
 * naming every wrong variable.
 */
export function serverConfigFromEnv(env?: RawEnvironment) {
  const environment = readEnvironment(env);
  const clientDir = resolve(environment.CLIENT_DIR);
  const releasesDir = resolve(environment.RELEASES_DIR ?? join(dirname(clientDir), "releases"));
  const storage = studioStorageFrom(environment);
  // One rule for who the client is: the mail endpoint's rate limit and the studio's guard share it.
  const trustedProxies = parseTrustedProxies(environment.TRUSTED_PROXIES);
  const app = {
    clientDir,
    mail: { ...mailOptionsFrom(environment), trustedProxies },
    studio: {
      config: studioConfig,
      storage,
      contentDir: contentDir(env),
      // Local mode: the published tree the public build reads; saves in CONTENT_DIR are drafts (decision 0159).
      ...(storage.storage.kind === "local" ? { publishedContentDir: publishedContentDir(env) } : {}),
      studioDir: resolve(environment.STUDIO_DIR),
      access: { trustedProxies },
      // GitHub mode's content history: a copy of the repository beside the embedded database (decision 0132).
      ...(storage.storage.kind === "github"
        ? {
            githubHistory: {
              cloneDir: resolve(environment.DATA_DIR, "content-history.git"),
              ...(environment.KEYSTATIC_GITHUB_GIT_URL ? { gitUrl: environment.KEYSTATIC_GITHUB_GIT_URL } : {}),
            },
          }
        : {}),
    },
  } satisfies Omit<AppOptions, "mail"> & { mail: Omit<NonNullable<AppOptions["mail"]>, "database"> };
  return {
    app,
    /**
     * Where links in mail to buyers point (a quotation's private page): SITE_URL, never the Host a
     * member of staff reached the desk by (decision 0135). Unset: refused in production
     * (NODE_ENV=production); else this machine, `http://localhost:<port>` (`npm start` with no
     * settings), the port the server listens on when PORT is 0.
     */
    publicOrigin: publicOriginFrom(environment),
    /** The staff desk (decision 0047): accounts in the leads database, the session secret, the retention of job applications. */
    staff: staffConfigFrom(environment, trustedProxies),
    /** STUDIO_PASSWORD is retired: start-up says so when it is still set. */
    studioPasswordSet: environment.STUDIO_PASSWORD !== undefined,
    /** The company's mailbox the buyers answer to (IMAP_URL); unset: no reader runs. */
    imap: environment.IMAP_URL ? imapSettingsFrom(environment.IMAP_URL) : undefined,
    /** The leads database (DATABASE_URL or DATA_DIR) and the former outbox to import once. */
    leads: leadsConfigFrom(environment),
    port: environment.PORT,
    hostname: environment.HOST,
    /** One folder per publish; this server notes there which one it serves, so no other server's tidying removes it. */
    releasesDir,
    // Local mode: a change under CONTENT_DIR rebuilds the site into RELEASES_DIR and swaps it in.
    // GitHub mode: saves are commits, and CI publishes.
    // With it, the preview of the working copy (decision 0159): its own releases beside RELEASES_DIR, its own port.
    publishing:
      storage.storage.kind === "local" && environment.PUBLISH === "1"
        ? { releasesDir, debounceMs: environment.PUBLISH_DEBOUNCE_MS, previewReleasesDir: join(dirname(releasesDir), "preview-releases") }
        : undefined,
    /**
     * More than one machine (decision 0162), local mode with DATABASE_URL: both trees follow the
     * content history (its cursors in DATA_DIR), and one instance, elected, publishes.
     */
    following:
      storage.storage.kind === "local" && environment.DATABASE_URL
        ? { databaseUrl: environment.DATABASE_URL, cursorFile: resolve(environment.DATA_DIR, "content-cursors.json") }
        : undefined,
    /** Releases in the bucket (decision 0162): with DATABASE_URL and OBJECT_STORAGE_* (several machines), the publisher uploads each release and every instance follows the pointer. */
    releaseBucket: environment.DATABASE_URL ? objectStorageFrom(environment) : undefined,
    /** GitHub mode: previews of the studio's branches, built on request (decision 0159) into their own releases beside RELEASES_DIR, served on the preview's port. */
    branchPreviews: storage.storage.kind === "github" ? { releasesDir: join(dirname(releasesDir), "preview-releases") } : undefined,
    /** The preview's port: PREVIEW_PORT, else PORT + 1 (PORT 0, or the last port: any free port). */
    previewPort: environment.PREVIEW_PORT ?? (environment.PORT === 0 || environment.PORT === 65535 ? 0 : environment.PORT + 1),
    /** Where staff open the preview: PREVIEW_ORIGIN behind a proxy; none: the desk's host on the preview's port. */
    previewOrigin: environment.PREVIEW_ORIGIN ? new URL(environment.PREVIEW_ORIGIN).origin : undefined,
  };
}
