// Build step: what the server needs from the content at run time (app/lib/contracts/server-settings.ts),
// from the build's one content read. Written beside the client files, so the served build and its
// settings always change together: a studio save reaches the server with the next publish.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { originOf } from "../../../app/lib/absolute-url.ts";
import { serverSettingsFile } from "../../../app/lib/contracts/server-settings.ts";

export const serverSettings = {
  name: "server-settings",
  async run({ buildDir, content, siteUrl }) {
    /** @type {import("../../../app/lib/contracts/server-settings.ts").ServerSettings} */
    const settings = {
      applicationRetentionDays: content.modules.career.retentionDays,
      siteUrl: originOf(siteUrl, content.modules.site.url),
      replyTemplates: content.replyTemplates ?? [],
    };
    await writeFile(join(buildDir, serverSettingsFile), `${JSON.stringify(settings, null, 2)}\n`);
    return `applications kept ${settings.applicationRetentionDays} days`;
  },
};
