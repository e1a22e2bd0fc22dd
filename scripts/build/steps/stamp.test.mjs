import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { stamp } from "./stamp.mjs";

let build;
afterEach(() => build?.remove());

describe("stamp step", () => {
  it("marks the build complete with the time it finished", async () => {
    build = await tempBuild();
    const before = Date.now();
    await stamp.run(build);
    const at = Date.parse(await readFile(join(build.buildDir, ".stamp"), "utf8"));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
