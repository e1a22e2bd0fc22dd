// Last: build/.stamp marks a complete build. `npm start` (scripts/start-build.mjs) serves the newest
// complete build whose stamp is not older than its sources, so a build that failed before here is
// never served as done. The stamp holds (and its mtime is) the time the build *began*: a file saved
// while the build ran may be missing from it, and is then newer than the stamp.
import { utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const stamp = {
  name: "stamp",
  /** `startedAt`: when the build's process began (the build reads its sources only after that). */
  async run({ buildDir }, startedAt = new Date(performance.timeOrigin)) {
    const file = join(buildDir, ".stamp");
    await writeFile(file, startedAt.toISOString());
    await utimes(file, startedAt, startedAt);
    return startedAt.toISOString();
  },
};
