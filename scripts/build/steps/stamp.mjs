// Last: build/.stamp marks a complete build. `npm start` (scripts/start.mjs) rebuilds when it is
// missing or older than the sources, so a build that failed before here is never served as done.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

export const stamp = {
  name: "stamp",
  async run({ buildDir }) {
    const at = new Date().toISOString();
    await writeFile(join(buildDir, ".stamp"), at);
    return at;
  },
};
