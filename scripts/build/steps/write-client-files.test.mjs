import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { writeClientFiles } from "./write-client-files.mjs";

let build;
afterEach(() => build?.remove());

describe("write-client-files step", () => {
  it("puts the pages rewritten in memory on disk", async () => {
    build = await tempBuild({ "index.html": "<p>as rendered</p>" });
    build.files.setText("index.html", "<p>rewritten</p>");
    expect(await writeClientFiles.run(build)).toBe("1 files written, 0 removed");
    expect(await readFile(join(build.buildDir, "client/index.html"), "utf8")).toBe("<p>rewritten</p>");
  });
});
