// React Router writes a .data twin of every prerendered path; /data.json (and each language's,
// /de/data.json: decision 0171) is a file, not a page, and needs none.
import { galleryDataFile } from "../../../app/lib/prerender-paths.ts";

export const dataTwin = {
  name: "data-twin",
  run({ files }) {
    const twins = files.list().filter((file) => file === `${galleryDataFile.slice(1)}.data` || /^[^/]+\/data\.json\.data$/.test(file));
    for (const twin of twins) files.remove(twin);
    return twins.length ? `${twins.join(", ")} removed` : "no twin";
  },
};
