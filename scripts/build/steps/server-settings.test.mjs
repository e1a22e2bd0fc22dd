import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { serverSettings } from "./server-settings.mjs";

let build;
afterEach(() => build?.remove());

describe("server-settings step", () => {
  it("writes the retention of job applications the content gives, beside the client files", async () => {
    build = await tempBuild();
    const summary = await serverSettings.run({ ...build, content: { modules: { career: { retentionDays: 90 } } } });
    expect(summary).toBe("applications kept 90 days");
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"))).toEqual({ applicationRetentionDays: 90 });
  });
});
