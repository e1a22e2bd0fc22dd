import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../app/content/reader/site-content.server.ts";
import { fixtureContentDir } from "../../../fixtures/fixture-content.ts";
import { tempBuild } from "../temp-build.mjs";
import { certificateFiles } from "./certificate-files.mjs";

let build;
afterEach(() => build?.remove());

describe("certificate-files step", () => {
  it("publishes the files of the valid records only", async () => {
    const content = await loadSiteContent(fixtureContentDir);
    const withFile = content.certificates.valid.find((r) => r.file);
    expect(withFile?.file).toMatch(/^\/media\/certificates\/.+\.pdf$/);
    build = await tempBuild();
    const expiredWithFile = { ...withFile, slug: "expired", file: "/media/certificates/expired/file.pdf" };
    const summary = await certificateFiles.run(
      { ...build, content: { ...content, certificates: { all: [...content.certificates.all, expiredWithFile], valid: content.certificates.valid } } },
      fixtureContentDir,
    );
    await build.files.write();
    expect(summary).toBe("1 certificate file");
    const published = await readFile(join(build.buildDir, "client", withFile.file));
    expect(published.subarray(0, 5).toString()).toBe("%PDF-");
    expect(build.files.has("media/certificates/expired/file.pdf")).toBe(false);
  });
});
