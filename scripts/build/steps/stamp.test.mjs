import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { stamp } from "./stamp.mjs";

let build;
afterEach(() => build?.remove());

describe("stamp step", () => {
  it("marks the build complete with the time its process began, in the file and as its mtime", async () => {
    build = await tempBuild();
    await stamp.run(build);
    const file = join(build.buildDir, ".stamp");
    const at = Date.parse(await readFile(file, "utf8"));
    // The process began before this test ran: a file saved during the build is newer than the stamp.
    expect(at).toBe(Math.floor(performance.timeOrigin));
    expect(Math.abs((await stat(file)).mtimeMs - performance.timeOrigin)).toBeLessThan(1000);
  });
});
