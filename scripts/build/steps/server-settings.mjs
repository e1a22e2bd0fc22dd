// Build step: what the server needs from the content at run time, from the build's one content read
// (app/content/reader), so the server never reads content/ itself. Written beside the client files
// (build/server-settings.json, or releases/<id>/ when publishing), so the served build and its
// settings always change together: a studio save reaches the server with the next publish.
//   applicationRetentionDays  how many days job applications are kept (server/staff/retention.ts)
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

export const serverSettingsFile = "server-settings.json";

export const serverSettings = {
  name: "server-settings",
  async run({ buildDir, content }) {
    const settings = { applicationRetentionDays: content.modules.career.retentionDays };
    await writeFile(join(buildDir, serverSettingsFile), `${JSON.stringify(settings, null, 2)}\n`);
    return `applications kept ${settings.applicationRetentionDays} days`;
  },
};
