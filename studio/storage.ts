import type { Config } from "@keystatic/core";

/**
 * Where the studio keeps content: `local` (the files under CONTENT_DIR on this machine, the default)
 * or `github` (every save is a commit to a GitHub repository; CI builds and deploys).
 * The server picks it from the environment at start and hands the same value to the studio page,
 * so one built studio bundle serves both modes.
 */
export type StudioStorage = { kind: "local" } | { kind: "github"; repo: { owner: string; name: string }; pathPrefix?: string; branchPrefix?: string };

export type StudioStorageSettings = {
  storage: StudioStorage;
  /** GitHub App slug (KEYSTATIC_GITHUB_APP_SLUG): the studio links to the app's install page. */
  appSlug?: string;
};

/** The environment variables GitHub mode needs besides the repository (read by Keystatic itself). */
export const githubSecretNames = ["KEYSTATIC_GITHUB_CLIENT_ID", "KEYSTATIC_GITHUB_CLIENT_SECRET", "KEYSTATIC_SECRET"] as const;

/**
 * The project's Keystatic config with the chosen storage (keystatic.config.ts itself says local),
 * typed as the plain Config that Keystatic's UI and API take.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
export function withStorage(config: Config<any, any>, storage: StudioStorage): Config {
  return { ...config, storage } as Config;
}
