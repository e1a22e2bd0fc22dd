import { describe, expect, it } from "vitest";
import { withStorage } from "./storage";
import { studioStorageFromEnv } from "./storage.server";

const github = {
  KEYSTATIC_STORAGE: "github",
  KEYSTATIC_GITHUB_REPO: "acme/ssl-website",
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv1.0123456789abcdef",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "0123456789abcdef0123456789abcdef01234567",
  KEYSTATIC_SECRET: "a".repeat(40),
};

describe("studioStorageFromEnv", () => {
  it("is local (the files under CONTENT_DIR) when nothing is set", () => {
    expect(studioStorageFromEnv({})).toEqual({ storage: { kind: "local" } });
    expect(studioStorageFromEnv({ KEYSTATIC_STORAGE: "local", KEYSTATIC_GITHUB_REPO: "acme/site" })).toEqual({ storage: { kind: "local" } });
  });

  it("is GitHub with the repository, optional prefixes and the app slug", () => {
    expect(studioStorageFromEnv(github)).toEqual({ storage: { kind: "github", repo: { owner: "acme", name: "ssl-website" } } });
    expect(
      studioStorageFromEnv({
        ...github,
        KEYSTATIC_GITHUB_PATH_PREFIX: "/website/",
        KEYSTATIC_GITHUB_BRANCH_PREFIX: "content/",
        KEYSTATIC_GITHUB_APP_SLUG: "acme-content-studio",
      }),
    ).toEqual({
      storage: { kind: "github", repo: { owner: "acme", name: "ssl-website" }, pathPrefix: "website", branchPrefix: "content/" },
      appSlug: "acme-content-studio",
    });
  });

  it("names what is wrong or missing", () => {
    expect(() => studioStorageFromEnv({ KEYSTATIC_STORAGE: "gitlab" })).toThrow('KEYSTATIC_STORAGE: must be "local" or "github", not "gitlab"');
    expect(() => studioStorageFromEnv({ ...github, KEYSTATIC_GITHUB_REPO: "ssl-website" })).toThrow(/KEYSTATIC_GITHUB_REPO as "owner\/name"/);
    expect(() => studioStorageFromEnv({ ...github, KEYSTATIC_GITHUB_CLIENT_SECRET: "", KEYSTATIC_SECRET: undefined })).toThrow(
      "KEYSTATIC_STORAGE=github needs KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET",
    );
    expect(() => studioStorageFromEnv({ ...github, KEYSTATIC_SECRET: "short" })).toThrow("KEYSTATIC_SECRET: must be at least 32 characters long");
  });

  it("lets Keystatic's setup screen create the GitHub App on a developer's machine (NODE_ENV=development, no secrets yet)", () => {
    const setup = { KEYSTATIC_STORAGE: "github", KEYSTATIC_GITHUB_REPO: "acme/ssl-website", NODE_ENV: "development" };
    expect(studioStorageFromEnv(setup).storage).toEqual({ kind: "github", repo: { owner: "acme", name: "ssl-website" } });
    expect(() => studioStorageFromEnv({ ...setup, NODE_ENV: "production" })).toThrow(/needs KEYSTATIC_GITHUB_CLIENT_ID/);
  });

  it("replaces only the storage of the project's config", () => {
    const config = { storage: { kind: "local" as const }, singletons: {}, collections: {} };
    const switched = withStorage(config, studioStorageFromEnv(github).storage);
    expect(switched).toEqual({ ...config, storage: { kind: "github", repo: { owner: "acme", name: "ssl-website" } } });
    expect(config.storage.kind).toBe("local");
  });
});
