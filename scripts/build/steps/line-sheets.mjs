// The line sheets (decision 0075): each family's PDF and the whole catalogue's in each language that
// has them (decision 0175), as the pages' loaders asked for them in this build (made or taken from
// their cache: app/features/gallery/line-sheets.server.ts), copied into the site under line-sheets/
// (the default language) and <code>/line-sheets/ (every other).
import { readFile } from "node:fs/promises";
import { loadLineSheets } from "../../../app/features/gallery/line-sheets.server.ts";
import { originOf } from "../../../app/lib/absolute-url.ts";

export const lineSheets = {
  name: "line-sheets",
  async run({ files, content, siteUrl }, load = loadLineSheets) {
    const sheets = await load({ siteOrigin: originOf(siteUrl, content.modules.site.url) });
    const sets = Object.values(sheets.languages);
    const all = sets.flatMap((set) => [...Object.values(set.families), ...(set.catalogue ? [set.catalogue] : [])]);
    for (const sheet of all) files.setBytes(sheet.path, await readFile(sheet.cacheFile));
    const catalogue = sheets.languages[sheets.defaultCode]?.catalogue;
    const size = catalogue ? `, the catalogue ${(catalogue.bytes / (1024 * 1024)).toFixed(1)} MB` : "";
    return `${all.length} line sheets in ${sets.length} language${sets.length === 1 ? "" : "s"}${size}`;
  },
};
