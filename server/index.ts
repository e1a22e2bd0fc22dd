import { dirname, join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import keystaticConfig from "../keystatic.config";
import { studioStorageFromEnv } from "../studio/storage";
import { createApp } from "./app";
import { createLiveSite, readCspHashes } from "./live-site";
import { leadsConfigFromEnv, startLeads } from "./leads/start";
import { mailOptionsFromEnv } from "./mail/config";
import { startPublishing } from "./publish/publishing";

const port = Number(process.env.PORT ?? 3000);
const clientDir = resolve(process.env.CLIENT_DIR ?? "build/client");
const contentDir = resolve(process.env.CONTENT_DIR ?? "content");
const leadsConfig = leadsConfigFromEnv();
const leads = await startLeads(leadsConfig).catch((error: unknown) => {
  console.error(`Not starting: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
const mail = { ...mailOptionsFromEnv(), database: leads.db, relayLeaseMs: leadsConfig.relayLeaseMs };
const storage = studioStorageFromEnv(process.env);
const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
const site = createLiveSite({ clientDir, cspHashes: readCspHashes(clientDir) });

// Local mode: a change under CONTENT_DIR rebuilds the site into build/releases and swaps it in.
// GitHub mode: saves are commits, and CI publishes.
const publishing =
  storage.storage.kind === "local" && process.env.PUBLISH !== "0"
    ? startPublishing({
        site,
        contentDir,
        projectDir: process.cwd(),
        releasesDir: resolve(process.env.RELEASES_DIR ?? join(dirname(clientDir), "releases")),
        debounceMs: Number(process.env.PUBLISH_DEBOUNCE_MS ?? 1000),
      })
    : undefined;

const app = createApp({
  clientDir,
  site,
  mail,
  studio: {
    config: keystaticConfig,
    storage,
    contentDir,
    studioDir: resolve(process.env.STUDIO_DIR ?? "build/studio"),
    access: { password: process.env.STUDIO_PASSWORD || undefined, trustProxy },
    publishState: publishing?.state,
  },
});

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? "0.0.0.0" }, (info) => {
  console.log(`Serving ${clientDir} at http://localhost:${info.port}`);
  console.log(`Form submissions go to the leads database${mail.smtpUrl ? " and are relayed by SMTP" : " (SMTP_URL unset: not relayed)"}`);
  console.log(
    `Content studio at http://localhost:${info.port}/keystatic (${storage.storage.kind} storage, ${
      process.env.STUDIO_PASSWORD ? "password required" : "this machine only"
    })${publishing ? `; publishing on changes in ${contentDir}` : ""}`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    publishing?.stop();
    server.close(() => void leads.close().finally(() => process.exit(0)));
  });
}
