import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../app/lib/contracts/environment.server";
import { ConfigError } from "./platform/config-error";
import { serverConfigFromEnv } from "./server-config";

describe("serverConfigFromEnv", () => {
  const github = {
    KEYSTATIC_STORAGE: "github",
    KEYSTATIC_GITHUB_REPO: "acme/site",
    KEYSTATIC_GITHUB_CLIENT_ID: "id",
    KEYSTATIC_GITHUB_CLIENT_SECRET: "s",
    KEYSTATIC_SECRET: "x".repeat(32),
  };

  it("edits and watches the same content folder the build reads, also when CONTENT_DIR is empty", () => {
    for (const CONTENT_DIR of [undefined, "", " "]) {
      const config = serverConfigFromEnv({ CONTENT_DIR });
      expect(config.app.studio.contentDir).toBe(resolve("content"));
      expect(config.app.studio.contentDir).toBe(contentDir({ CONTENT_DIR }));
    }
  });

  it("builds the public site from the published tree in local mode: DATA_DIR/published/content unless PUBLISHED_CONTENT_DIR says (decision 0159)", () => {
    expect(serverConfigFromEnv({ DATA_DIR: "/srv/data" }).app.studio.publishedContentDir).toBe("/srv/data/published/content");
    expect(serverConfigFromEnv({ DATA_DIR: "/srv/data", PUBLISHED_CONTENT_DIR: "/srv/live/content" }).app.studio.publishedContentDir).toBe("/srv/live/content");
    expect(serverConfigFromEnv(github).app.studio).not.toHaveProperty("publishedContentDir");
  });

  it("keeps GitHub mode's history copy in DATA_DIR and reads the repository at KEYSTATIC_GITHUB_GIT_URL when set (decision 0132)", () => {
    expect(serverConfigFromEnv({ ...github, DATA_DIR: "/srv/data" }).app.studio.githubHistory).toEqual({ cloneDir: "/srv/data/content-history.git" });
    expect(
      serverConfigFromEnv({ ...github, DATA_DIR: "/srv/data", KEYSTATIC_GITHUB_GIT_URL: "https://git.example.com/acme/site.git" }).app.studio.githubHistory,
    ).toEqual({
      cloneDir: "/srv/data/content-history.git",
      gitUrl: "https://git.example.com/acme/site.git",
    });
    expect(serverConfigFromEnv({}).app.studio.githubHistory).toBeUndefined();
  });

  it("serves on PORT and HOST, and publishes into releases beside CLIENT_DIR unless PUBLISH=0", () => {
    const config = serverConfigFromEnv({ PORT: "8080", HOST: "127.0.0.1", CLIENT_DIR: "/srv/site/client", RELEASES_DIR: "" });
    expect(config).toMatchObject({ port: 8080, hostname: "127.0.0.1", publishing: { releasesDir: "/srv/site/releases", debounceMs: 1000 } });
    expect(serverConfigFromEnv({ PUBLISH: "0" }).publishing).toBeUndefined();
  });

  it("builds the preview into preview-releases beside the releases and serves it on PORT + 1, or PREVIEW_PORT (decision 0159)", () => {
    const config = serverConfigFromEnv({ PORT: "8080", CLIENT_DIR: "/srv/site/client" });
    expect(config).toMatchObject({ previewPort: 8081, publishing: { previewReleasesDir: "/srv/site/preview-releases" } });
    expect(serverConfigFromEnv({ PORT: "8080", PREVIEW_PORT: "9090" }).previewPort).toBe(9090);
    expect(serverConfigFromEnv({ PORT: "0" }).previewPort).toBe(0);
    expect(serverConfigFromEnv({ PORT: "8080" }).previewOrigin).toBeUndefined();
    expect(serverConfigFromEnv({ PORT: "8080", PREVIEW_ORIGIN: "https://www.example.com:8443/" }).previewOrigin).toBe("https://www.example.com:8443");
    expect(() => serverConfigFromEnv({ PREVIEW_ORIGIN: "www.example.com:8443" })).toThrow(/PREVIEW_ORIGIN/);
    expect(() => serverConfigFromEnv({ PREVIEW_PORT: "preview" })).toThrow('PREVIEW_PORT: "preview" is not a port');
  });

  it("in GitHub mode builds previews of the studio's branches on request into the same folder, and publishes nothing itself (decision 0159)", () => {
    const config = serverConfigFromEnv({ ...github, PORT: "8080", CLIENT_DIR: "/srv/site/client" });
    expect(config).toMatchObject({ previewPort: 8081, branchPreviews: { releasesDir: "/srv/site/preview-releases" } });
    expect(config.publishing).toBeUndefined();
    expect(serverConfigFromEnv({ PORT: "8080" }).branchPreviews).toBeUndefined();
  });

  it("reads the company's mailbox from IMAP_URL (TLS for imaps, INBOX unless the path names a folder), and none when it is unset", () => {
    expect(serverConfigFromEnv({}).imap).toBeUndefined();
    expect(serverConfigFromEnv({ IMAP_URL: "imaps://sales%40example.com:p%40ss%3Aword@imap.example.com" }).imap).toEqual({
      host: "imap.example.com",
      port: 993,
      secure: true,
      user: "sales@example.com",
      password: "p@ss:word",
      mailbox: "INBOX",
      label: "imaps://sales@example.com@imap.example.com/INBOX",
    });
    expect(serverConfigFromEnv({ IMAP_URL: "imap://sales:secret@127.0.0.1:10143/Leads%20answers" }).imap).toMatchObject({
      port: 10143,
      secure: false,
      mailbox: "Leads answers",
    });
  });

  it("links buyers to SITE_URL's origin; with no settings to this machine on its port (npm start), and on the port it listens on for PORT=0 (decision 0135)", () => {
    expect(serverConfigFromEnv({ SITE_URL: "https://www.ssl.example/" }).publicOrigin()).toBe("https://www.ssl.example");
    expect(serverConfigFromEnv({ SITE_URL: "https://www.ssl.example", NODE_ENV: "production" }).publicOrigin(8080)).toBe("https://www.ssl.example");
    expect(serverConfigFromEnv({}).publicOrigin()).toBe("http://localhost:3000");
    expect(serverConfigFromEnv({ PORT: "8080", NODE_ENV: "development" }).publicOrigin()).toBe("http://localhost:8080");
    expect(serverConfigFromEnv({ PORT: "0" }).publicOrigin(41234)).toBe("http://localhost:41234");
  });

  const bucket = {
    OBJECT_STORAGE_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
    OBJECT_STORAGE_BUCKET: "ssl-lead-files",
    OBJECT_STORAGE_ACCESS_KEY_ID: "AKIAEXAMPLE",
    OBJECT_STORAGE_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-example-secret",
  };

  it("keeps the leads' files in the bucket of OBJECT_STORAGE_* only with all of them set, never naming the secret in a refusal (decision 0161)", () => {
    expect(serverConfigFromEnv({}).leads.objectStorage).toBeUndefined();
    expect(serverConfigFromEnv(bucket).leads.objectStorage).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "ssl-lead-files",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI-example-secret",
    });
    expect(() => serverConfigFromEnv({ ...bucket, OBJECT_STORAGE_BUCKET: "", OBJECT_STORAGE_ACCESS_KEY_ID: " " })).toThrow(
      /^OBJECT_STORAGE_BUCKET, OBJECT_STORAGE_ACCESS_KEY_ID: must be set with the other OBJECT_STORAGE_\* variables/,
    );
    for (const wrong of [
      { OBJECT_STORAGE_ENDPOINT: "https://AKIAEXAMPLE:wJalrXUtnFEMI-example-secret@s3.example.com" },
      { OBJECT_STORAGE_BUCKET: "Not_A_Bucket" },
    ]) {
      expect(() => serverConfigFromEnv({ ...bucket, ...wrong })).toThrow(ConfigError);
      expect(() => serverConfigFromEnv({ ...bucket, ...wrong })).not.toThrow(/wJalrXUtnFEMI/);
    }
  });

  it("puts releases in the bucket only with DATABASE_URL and OBJECT_STORAGE_* both set: several machines (decision 0162)", () => {
    const database = { DATABASE_URL: "postgres://ssl@db.example/ssl" };
    expect(serverConfigFromEnv({}).releaseBucket).toBeUndefined();
    expect(serverConfigFromEnv(bucket).releaseBucket).toBeUndefined();
    expect(serverConfigFromEnv(database).releaseBucket).toBeUndefined();
    expect(serverConfigFromEnv({ ...bucket, ...database }).releaseBucket).toMatchObject({
      bucket: "ssl-lead-files",
      endpoint: "https://s3.eu-central-1.amazonaws.com",
    });
  });

  it("refuses to start in production (NODE_ENV=production) without SITE_URL, with one line naming it", () => {
    for (const SITE_URL of [undefined, "", " "]) {
      expect(() => serverConfigFromEnv({ NODE_ENV: "production", SITE_URL })).toThrow(ConfigError);
      expect(() => serverConfigFromEnv({ NODE_ENV: "production", SITE_URL })).toThrow(/^SITE_URL: must be set in production \(NODE_ENV=production\)[^\n]*$/);
    }
  });

  it.each([
    ["SITE_URL", { SITE_URL: "www.ssl.example" }],
    ["IMAP_URL", { IMAP_URL: "https://sales:secret@imap.example.com" }],
    ["IMAP_URL", { IMAP_URL: "imaps://imap.example.com:993/INBOX" }],
    ["MAIL_RELAY_LEASE_SECONDS", { MAIL_RELAY_LEASE_SECONDS: "five minutes" }],
    ["PUBLISH_DEBOUNCE_MS", { PUBLISH_DEBOUNCE_MS: "soon" }],
    ["PORT", { PORT: "eighty" }],
    [
      "KEYSTATIC_SECRET",
      {
        KEYSTATIC_STORAGE: "github",
        KEYSTATIC_GITHUB_REPO: "acme/site",
        KEYSTATIC_GITHUB_CLIENT_ID: "id",
        KEYSTATIC_GITHUB_CLIENT_SECRET: "s",
        KEYSTATIC_SECRET: "short",
      },
    ],
    ["KEYSTATIC_GITHUB_GIT_URL", { KEYSTATIC_GITHUB_GIT_URL: "git@github.com:acme/site.git" }],
    ["KEYSTATIC_GITHUB_GIT_URL", { KEYSTATIC_GITHUB_GIT_URL: "https://x-access-token:ghu_secret@github.com/acme/site.git" }],
  ])("refuses a wrong %s with a ConfigError naming it (one line at start)", (name, env) => {
    expect(() => serverConfigFromEnv(env)).toThrow(ConfigError);
    expect(() => serverConfigFromEnv(env)).toThrow(new RegExp(`^${name}: `));
  });
});
