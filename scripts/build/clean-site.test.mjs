import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanSite } from "./clean-site.mjs";

let buildDir;
beforeEach(async () => {
  buildDir = join(await mkdtemp(join(tmpdir(), "ssl-clean-site-")), "build");
});
afterEach(() => rm(join(buildDir, ".."), { recursive: true, force: true }));

describe("clean-site (build:site's first step)", () => {
  it("empties the build folder of the site's own files, keeping the published releases, the studio and a start's lock", async () => {
    for (const dir of ["client/assets", "node", "security", "nginx", "server", "releases/2026-11-20T11-00-00-000Z/client", "studio/assets", ".start-lock"]) {
      await mkdir(join(buildDir, dir), { recursive: true });
    }
    await writeFile(join(buildDir, ".stamp"), "2026-11-20T10:00:00.000Z");
    await writeFile(join(buildDir, "server-settings.json"), "{}");
    await cleanSite(buildDir);
    expect((await readdir(buildDir)).sort()).toEqual([".start-lock", "releases", "studio"]);
    expect(await readdir(join(buildDir, "releases/2026-11-20T11-00-00-000Z"))).toEqual(["client"]);
  });

  it("does nothing for a folder that does not exist yet, and refuses a BUILD_DIR that holds the project", async () => {
    await expect(cleanSite(join(buildDir, "none"))).resolves.toBeUndefined();
    await expect(cleanSite(".")).rejects.toThrow(/BUILD_DIR must not hold the project/);
    await expect(cleanSite("..")).rejects.toThrow(/BUILD_DIR must not hold the project/);
  });
});
