// React Router writes a .data twin of every prerendered path; /data.json is a file, not a page, and
// needs none.
import { galleryDataFile } from "../../../app/lib/prerender-paths.ts";

export const dataTwin = {
  name: "data-twin",
  run({ files }) {
    const twin = `${galleryDataFile.slice(1)}.data`;
    if (!files.has(twin)) return "no twin";
    files.remove(twin);
    return `${twin} removed`;
  },
};
