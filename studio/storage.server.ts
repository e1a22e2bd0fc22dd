// Which storage the studio uses, read from the environment at the server's start (Node only: the
// studio's browser bundle imports storage.ts, never this).
import { ConfigError } from "../app/lib/contracts/config-error";
import { readEnvironment, type Environment, type RawEnvironment } from "../app/lib/contracts/environment.server";
import { githubSecretNames, type StudioStorageSettings } from "./storage";

/** Storage from KEYSTATIC_STORAGE and friends in an environment (a test's); the server reads it through serverConfigFromEnv. */
export function studioStorageFromEnv(env: RawEnvironment): StudioStorageSettings {
  return studioStorageFrom(readEnvironment(env));
}

/**
 * Storage from the parsed environment (app/lib/contracts/environment.server.ts checks each value's
 * form; here what GitHub mode needs together). Throws a ConfigError naming the variable that is wrong or missing.
 */
export function studioStorageFrom(environment: Environment): StudioStorageSettings {
  if (environment.KEYSTATIC_STORAGE === "local") return { storage: { kind: "local" } };

  const repo = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(environment.KEYSTATIC_GITHUB_REPO ?? "");
  if (!repo) throw new ConfigError('KEYSTATIC_GITHUB_REPO: KEYSTATIC_STORAGE=github needs KEYSTATIC_GITHUB_REPO as "owner/name" (e.g. acme/ssl-website)');
  const missing = githubSecretNames.filter((name) => !environment[name]);
  // NODE_ENV=development without them: Keystatic's own setup screen (/keystatic/setup) creates the app.
  const settingUp = environment.NODE_ENV === "development" && missing.length === githubSecretNames.length;
  if (missing.length && !settingUp) {
    throw new ConfigError(`${missing[0]}: KEYSTATIC_STORAGE=github needs ${missing.join(", ")} (from the GitHub App; see .env.example)`);
  }
  if (!settingUp && (environment.KEYSTATIC_SECRET ?? "").length < 32) throw new ConfigError("KEYSTATIC_SECRET: must be at least 32 characters long");

  const pathPrefix = environment.KEYSTATIC_GITHUB_PATH_PREFIX?.replace(/^\/+|\/+$/g, "");
  const branchPrefix = environment.KEYSTATIC_GITHUB_BRANCH_PREFIX;
  return {
    storage: {
      kind: "github",
      repo: { owner: repo[1]!, name: repo[2]! },
      ...(pathPrefix ? { pathPrefix } : {}),
      ...(branchPrefix ? { branchPrefix } : {}),
    },
    ...(environment.KEYSTATIC_GITHUB_APP_SLUG ? { appSlug: environment.KEYSTATIC_GITHUB_APP_SLUG } : {}),
  };
}
