import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { serverBundle } from "./server-bundle.mjs";

let build;
afterEach(() => build?.remove());

describe("server-bundle step", () => {
  it("writes the server as one ES module that imports only packages and Node's own modules", async () => {
    build = await tempBuild();
    const outfile = await serverBundle.run(build);
    expect(outfile).toBe(join(build.buildDir, "node/index.mjs"));
    const code = await readFile(outfile, "utf8");
    const imported = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imported).toContain("hono");
    expect(imported.filter((specifier) => specifier.startsWith("."))).toEqual([]);
    execFileSync(process.execPath, ["--check", outfile]);
  }, 60_000);
});
