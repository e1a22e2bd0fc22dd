import type { Config } from "@keystatic/core";

/**
 * Where the studio keeps content: `local` (the files under CONTENT_DIR on this machine, the default)
 * or `github` (every save is a commit to a GitHub repository; CI builds and deploys).
 * The server picks it from the environment at start and hands the same value to the studio page,
 * so one built studio bundle serves both modes.
 */
export type StudioStorage =
  | { kind: "local" }
  | { kind: "github"; repo: { owner: string; name: string }; pathPrefix?: string; branchPrefix?: string };

export type StudioStorageSettings = {
  storage: StudioStorage;
  /** GitHub App slug (KEYSTATIC_GITHUB_APP_SLUG): the studio links to the app's install page. */
  appSlug?: string;
};

/** The environment variables GitHub mode needs besides the repository (read by Keystatic itself). */
export const githubSecretNames = ["KEYSTATIC_GITHUB_CLIENT_ID", "KEYSTATIC_GITHUB_CLIENT_SECRET", "KEYSTATIC_SECRET"] as const;

/** Storage from KEYSTATIC_STORAGE and friends; throws a message naming the variable when one is wrong or missing. */
export function studioStorageFromEnv(env: Record<string, string | undefined>): StudioStorageSettings {
  const kind = (env.KEYSTATIC_STORAGE ?? "").trim() || "local";
  if (kind === "local") return { storage: { kind: "local" } };
  if (kind !== "github") throw new Error(`KEYSTATIC_STORAGE must be "local" or "github", not "${kind}"`);

  const repo = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec((env.KEYSTATIC_GITHUB_REPO ?? "").trim());
  if (!repo) throw new Error('KEYSTATIC_STORAGE=github needs KEYSTATIC_GITHUB_REPO as "owner/name" (e.g. acme/ssl-website)');
  const missing = githubSecretNames.filter((name) => !env[name]?.trim());
  // NODE_ENV=development without them: Keystatic's own setup screen (/keystatic/setup) creates the app.
  const settingUp = env.NODE_ENV === "development" && missing.length === githubSecretNames.length;
  if (missing.length && !settingUp) {
    throw new Error(`KEYSTATIC_STORAGE=github needs ${missing.join(", ")} (from the GitHub App; see .env.example)`);
  }
  if (!settingUp && (env.KEYSTATIC_SECRET ?? "").trim().length < 32) throw new Error("KEYSTATIC_SECRET must be at least 32 characters long");

  const pathPrefix = env.KEYSTATIC_GITHUB_PATH_PREFIX?.trim().replace(/^\/+|\/+$/g, "");
  const branchPrefix = env.KEYSTATIC_GITHUB_BRANCH_PREFIX?.trim();
  return {
    storage: {
      kind: "github",
      repo: { owner: repo[1]!, name: repo[2]! },
      ...(pathPrefix ? { pathPrefix } : {}),
      ...(branchPrefix ? { branchPrefix } : {}),
    },
    ...(env.KEYSTATIC_GITHUB_APP_SLUG?.trim() ? { appSlug: env.KEYSTATIC_GITHUB_APP_SLUG.trim() } : {}),
  };
}

/**
 * The project's Keystatic config with the chosen storage (keystatic.config.ts itself says local),
 * typed as the plain Config that Keystatic's UI and API take.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
export function withStorage(config: Config<any, any>, storage: StudioStorage): Config {
  return { ...config, storage } as Config;
}
