import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBranchPreview, removeExport } from "./branch-preview";
import { siteBuilder } from "./site-build";

// GitHub mode's preview of a branch (decision 0159): exports built one after another with the build
// command, the newest asked the one wanted, what is shown kept across a restart. The exports here are
// folders written by hand; the git side is server/studio/branch-publish-page.test.ts's.

/** A build command as the real one is called: the page says the content's phone; it notes each run. */
const fakeBuild = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR,c=process.env.CONTENT_DIR;
const site=fs.readFileSync(p.join(c,"site.yaml"),"utf8");fs.appendFileSync(p.join(d,"..","..","builds.log"),site);
fs.mkdirSync(p.join(d,"client"),{recursive:true});
fs.writeFileSync(p.join(d,"client","index.html"),"<p>"+site.trim()+"</p>");`;

let root: string;
let releasesDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-branch-preview-test-"));
  releasesDir = join(root, "build/preview-releases");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const branchPreview = () =>
  createBranchPreview({
    releasesDir,
    build: (contentDir) => siteBuilder({ projectDir: root, releasesDir, contentDir, command: [process.execPath, "-e", fakeBuild] })(),
    log: () => {},
  });

/** A branch's export as the desk writes it: a folder of its own holding `content/`. */
async function exported(branch: string, phone: string) {
  const folder = await mkdtemp(join(root, "export-"));
  await mkdir(join(folder, "content"));
  await writeFile(join(folder, "content/site.yaml"), `phone: ${phone}\n`);
  return {
    branch,
    sha: phone.replace(/\D/g, "").padEnd(40, "0"),
    requestedBy: "Editor Person",
    contentDir: join(folder, "content"),
    cleanup: removeExport(folder),
    folder,
  };
}
const shownPage = (preview: ReturnType<typeof branchPreview>) => readFile(join(preview.current()!.clientDir, "index.html"), "utf8");

describe("a preview of a branch on request", () => {
  it("builds one request after another; one still waiting when a newer comes is dropped for it, its export removed", async () => {
    const preview = branchPreview();
    const first = await exported("keystatic/a", "+880 1");
    const second = await exported("keystatic/b", "+880 2");
    const third = await exported("keystatic/c", "+880 3");
    expect(preview.request(first).phase).toBe("building");
    expect(preview.request(second).phase).toBe("waiting");
    preview.request(third);
    await preview.idle();

    expect(await readFile(join(root, "build/builds.log"), "utf8")).toBe("phone: +880 1\nphone: +880 3\n");
    expect(await shownPage(preview)).toBe("<p>phone: +880 3</p>");
    expect(preview.shown()).toMatchObject({ branch: "keystatic/c", sha: third.sha, requestedBy: "Editor Person" });
    expect(preview.latest()).toMatchObject({ branch: "keystatic/c", phase: "ready" });
    for (const { folder } of [first, second, third]) expect(existsSync(folder)).toBe(false);
    preview.close();
  });

  it("a failed build says why and changes nothing shown; a restart shows the newest branch built", async () => {
    const preview = branchPreview();
    preview.request(await exported("keystatic/a", "+880 1"));
    await preview.idle();
    const broken = await exported("keystatic/broken", "+880 9");
    await rm(join(broken.contentDir, "site.yaml"));
    preview.request(broken);
    await preview.idle();
    expect(preview.latest()).toMatchObject({ branch: "keystatic/broken", phase: "failed" });
    expect(preview.latest()!.reason).toMatch(/exited with code 1/);
    expect(preview.latest()!.output).toContain("ENOENT");
    expect(preview.shown()?.branch).toBe("keystatic/a");
    preview.close();

    const restarted = branchPreview();
    expect(restarted.shown()?.branch).toBe("keystatic/a");
    expect(await shownPage(restarted)).toBe("<p>phone: +880 1</p>");
    expect(restarted.latest()).toBeUndefined();
    restarted.close();
  });
});
