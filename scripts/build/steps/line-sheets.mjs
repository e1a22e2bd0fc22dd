// The line sheets (decision 0075): each family's PDF and the whole catalogue's, as the pages' loaders
// asked for them in this build (made or taken from their cache: app/features/gallery/line-sheets.server.ts),
// copied into the site under line-sheets/.
import { readFile } from "node:fs/promises";
import { loadLineSheets } from "../../../app/features/gallery/line-sheets.server.ts";
import { originOf } from "../../../app/lib/absolute-url.ts";

export const lineSheets = {
  name: "line-sheets",
  async run({ files, content, siteUrl }, load = loadLineSheets) {
    const sheets = await load({ siteOrigin: originOf(siteUrl, content.modules.site.url) });
    const all = [...Object.values(sheets.families), ...(sheets.catalogue ? [sheets.catalogue] : [])];
    for (const sheet of all) files.setBytes(sheet.path, await readFile(sheet.cacheFile));
    const catalogue = sheets.catalogue ? `, the catalogue ${(sheets.catalogue.bytes / (1024 * 1024)).toFixed(1)} MB` : "";
    return `${all.length} line sheets${catalogue}`;
  },
};
