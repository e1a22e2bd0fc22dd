import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLiveSite, readServedSite } from "../platform/live-site";
import { contentTreeHash } from "./content-tree";
import { writeTreeFiles } from "./published-tree";
import { electedReason, startPublishing, type Publishing, type PublishingOptions } from "./publishing";
import { releasesInUse } from "./releases-in-use";

// The join of the two trees (decision 0159): the public queue builds the published tree, the preview
// the working copy, and a publish of a tree the preview has built takes that release without a build.

/** A build command as the real one is called (BUILD_DIR, CONTENT_DIR): notes each run and which tree, puts site.yaml into a page and a photo beside it. */
const fakeBuild = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR,c=process.env.CONTENT_DIR;
fs.appendFileSync(p.join(c,"..","..","builds.log"),p.basename(p.dirname(c))+"\\n");
const site=fs.readFileSync(p.join(c,"site.yaml"),"utf8");
fs.mkdirSync(p.join(d,"client","contact"),{recursive:true});
fs.writeFileSync(p.join(d,"client","index.html"),"<!doctype html><html><head></head><body><p>"+site.trim()+"</p></body></html>");
fs.writeFileSync(p.join(d,"client","contact","index.html"),"<p>"+site.trim()+" "+Math.random()+"</p>");
fs.writeFileSync(p.join(d,"client","photo.webp"),Buffer.from([1,2,3,Math.floor(Math.random()*255)]));
fs.writeFileSync(p.join(d,".stamp"),new Date().toISOString());`;

let root: string;
let workingDir: string;
let publishedDir: string;
let releasesDir: string;
let previewReleasesDir: string;
let publishing: Publishing | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-join-"));
  workingDir = join(root, "working", "content");
  publishedDir = join(root, "published", "content");
  releasesDir = join(root, "build", "releases");
  previewReleasesDir = join(root, "build", "preview-releases");
  await mkdir(workingDir, { recursive: true });
  await writeFile(join(workingDir, "site.yaml"), "phone: +880 2 5555 0100\n");
  await cp(join(root, "working"), join(root, "published"), { recursive: true });
  // The live site at start: a build of the published tree.
  await mkdir(join(root, "build", "client"), { recursive: true });
  await writeFile(join(root, "build", "client", "index.html"), "<p>phone: +880 2 5555 0100</p>");
});
afterEach(async () => {
  publishing?.stop();
  publishing = undefined;
  await rm(root, { recursive: true, force: true });
});

const builds = async () => (await readFile(join(root, "builds.log"), "utf8").catch(() => "")).split("\n").filter(Boolean);

function start({
  oneTree = false,
  publisher,
  released,
  previewReleased,
}: {
  oneTree?: boolean;
  publisher?: PublishingOptions["publisher"];
  released?: PublishingOptions["released"];
  previewReleased?: PublishingOptions["previewReleased"];
} = {}) {
  const site = createLiveSite(readServedSite(join(root, "build", "client")));
  publishing = startPublishing({
    ...(released ? { released } : {}),
    ...(previewReleased ? { previewReleased } : {}),
    site,
    contentDir: oneTree ? workingDir : publishedDir,
    workingDir,
    projectDir: root,
    releasesDir,
    previewReleasesDir,
    debounceMs: 10,
    command: [process.execPath, "-e", fakeBuild],
    log: () => {},
    ...(publisher ? { publisher } : {}),
  });
  return { site, publishing };
}

/** Started, with what the preview does at start done. */
async function started(options: Parameters<typeof start>[0] = {}) {
  const begun = start(options);
  await begun.publishing.started();
  await begun.publishing.preview!.idle();
  return begun;
}

/** Waits (at most 6 s) until `done` holds: a watcher's event has been seen and acted on. */
async function until(done: () => boolean) {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function filesBelow(dir: string, prefix = ""): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [name, bytes] of await filesBelow(dir, path)) found.set(name, bytes);
    else found.set(path, await readFile(join(dir, path)));
  }
  return found;
}

describe("publishing with two trees", () => {
  it("at start, with the trees equal, the preview shows the live site and nothing is built", async () => {
    const { site, publishing } = start();
    await publishing.started();
    expect(publishing.preview!.current()).toBe(site.current);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await builds()).toEqual([]);
  });

  it("a preview that started with the site's release gets its own when the site moves on (an unpublish): the site's tidying will not keep that one", async () => {
    const { site, publishing } = start();
    await publishing.started();
    expect(publishing.preview!.current()).toBe(site.current);
    await writeFile(join(publishedDir, "site.yaml"), "phone: +880 2 5555 0111\n");
    await until(() => !!publishing.preview!.state().last);
    await publishing.preview!.idle();
    expect(await builds()).toEqual(["published", "working"]);
    expect(publishing.preview!.current()!.clientDir.startsWith(previewReleasesDir)).toBe(true);
    expect(await readFile(join(publishing.preview!.current()!.clientDir, "index.html"), "utf8")).toContain("+880 2 5555 0100");
  });

  it("at start, with a draft, the preview builds the working copy; the public site is left as it is", async () => {
    await writeFile(join(workingDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    const { site, publishing } = await started();
    expect(await builds()).toEqual(["working"]);
    expect(await readFile(join(publishing.preview!.current()!.clientDir, "index.html"), "utf8")).toContain("+880 2 5555 0199");
    expect(site.current.clientDir).toBe(join(root, "build", "client"));
    expect(publishing.state().phase).toBe("idle");
  });

  it("a save builds the preview only; publishing it swaps the preview's release in, linked file for file, with no build", async () => {
    const { site, publishing } = await started();
    await writeFile(join(workingDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    await until(() => publishing.preview!.state().last !== undefined);
    expect(await builds()).toEqual(["working"]);
    expect(site.current.clientDir).toBe(join(root, "build", "client"));
    const previewRelease = publishing.preview!.state().live!.id;

    // Publish all: the published tree becomes the working copy's (as drafts.ts writes it).
    await writeFile(join(publishedDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    await until(() => !!publishing.state().live);
    expect(publishing.state()).toMatchObject({ phase: "idle", last: { ok: true } });
    expect(publishing.state().last!.output).toContain(`preview's release ${previewRelease}`);
    expect(await builds()).toEqual(["working"]);

    const live = publishing.state().live!.id;
    expect(live).not.toBe(previewRelease);
    expect(site.current.clientDir).toBe(join(releasesDir, live, "client"));
    const publicFiles = await filesBelow(site.current.clientDir);
    const previewFiles = await filesBelow(publishing.preview!.current()!.clientDir);
    expect([...publicFiles.keys()].sort()).toEqual([...previewFiles.keys()].sort());
    for (const [path, bytes] of previewFiles) expect(publicFiles.get(path)!.equals(bytes), path).toBe(true);
    // The same files (hard links), and the public release notes what this server serves.
    const one = await stat(join(site.current.clientDir, "contact", "index.html"));
    const other = await stat(join(publishing.preview!.current()!.clientDir, "contact", "index.html"));
    expect(one.ino).toBe(other.ino);
    expect(releasesInUse(releasesDir).has(live)).toBe(true);
    // Its stamp is when the tree was seen equal: a restart serves it (no published file is newer).
    const stampAt = (await stat(join(releasesDir, live, ".stamp"))).mtimeMs;
    expect(stampAt).toBeGreaterThanOrEqual((await stat(join(publishedDir, "site.yaml"))).mtimeMs);
    expect(relative(releasesDir, site.current.clientDir)).toBe(`${live}/client`);
  });

  it("a publish of some entries (the trees still differ) is built from the published tree", async () => {
    await writeFile(join(workingDir, "faq.yaml"), "answer: draft\n");
    const { site, publishing } = await started();
    expect(await builds()).toEqual(["working"]);
    await writeFile(join(publishedDir, "site.yaml"), "phone: +880 2 5555 0177\n");
    await until(() => !!publishing.state().live);
    expect(await builds()).toEqual(["working", "published"]);
    expect(await readFile(join(site.current.clientDir, "index.html"), "utf8")).toContain("+880 2 5555 0177");
  });

  it("a second and a third publish of the same file, each written by a rename as a publish writes it, are each built", async () => {
    await writeFile(join(workingDir, "faq.yaml"), "answer: draft\n");
    const { site, publishing } = await started();
    for (const phone of ["+880 2 5555 0171", "+880 2 5555 0172", "+880 2 5555 0173"]) {
      const before = publishing.state().live?.id;
      await writeTreeFiles(publishedDir, [{ path: "content/site.yaml", bytes: Buffer.from(`phone: ${phone}\n`) }]);
      await until(() => publishing.state().phase === "idle" && publishing.state().live?.id !== before);
      expect(await readFile(join(site.current.clientDir, "index.html"), "utf8")).toContain(phone);
    }
    expect(await builds()).toEqual(["working", "published", "published", "published"]);
  });

  it("with one tree (no drafts), a save builds once: the preview's build, which the site takes", async () => {
    const { site, publishing } = start({ oneTree: true });
    await publishing.started();
    await writeFile(join(workingDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    await until(() => !!publishing.state().live);
    expect(await builds()).toEqual(["working"]);
    expect(publishing.state().last!.output).toContain("swapped in, not rebuilt");
    expect(await readFile(join(site.current.clientDir, "index.html"), "utf8")).toContain("+880 2 5555 0199");
  });

  it("hands each public release, once swapped in, to `released` with its folder and the tree it was built from (the bucket's upload, decision 0162)", async () => {
    await writeFile(join(workingDir, "faq.yaml"), "answer: draft\n");
    const handed: [string, string, string][] = [];
    const { site, publishing } = start({ released: (dir, id, tree) => void handed.push([dir, id, tree]) });
    await publishing.started();
    await publishing.preview!.idle();
    expect(handed).toEqual([]);
    await writeFile(join(publishedDir, "site.yaml"), "phone: +880 2 5555 0177\n");
    await until(() => !!publishing.state().live);
    const live = publishing.state().live!.id;
    expect(site.current.clientDir).toBe(join(releasesDir, live, "client"));
    expect(handed).toEqual([[join(releasesDir, live), live, await contentTreeHash(publishedDir)]]);
  });

  it("notes the release the preview shows in its folder's .serving, so another instance's tidying keeps it", async () => {
    await writeFile(join(workingDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    const { publishing } = await started();
    const shown = publishing.preview!.state().live!.id;
    expect(releasesInUse(previewReleasesDir)).toEqual(new Set([shown]));
    publishing.stop();
    expect(releasesInUse(previewReleasesDir)).toEqual(new Set());
  });

  it("with an election (decision 0162) an instance that is not the publisher builds no public release; elected, it builds the published tree as it is now", async () => {
    let publisher = false;
    const listeners: Array<() => void> = [];
    const election = { isPublisher: () => publisher, onElected: (listener: () => void) => void listeners.push(listener) };
    await writeFile(join(workingDir, "faq.yaml"), "answer: draft\n");
    const { site, publishing } = await started({ publisher: election });
    expect(await builds()).toEqual(["working"]);
    // Another instance's publish, written here by the follower: no build on a follower.
    await writeTreeFiles(publishedDir, [{ path: "content/site.yaml", bytes: Buffer.from("phone: +880 2 5555 0181\n") }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publishing.state().phase).toBe("idle");
    expect(await builds()).toEqual(["working"]);
    // The publisher died; this instance is elected: it builds the newest published tree.
    publisher = true;
    for (const listener of listeners) listener();
    await until(() => !!publishing.state().live);
    expect(await builds()).toEqual(["working", "published"]);
    expect(publishing.state().last!.changes).toEqual([electedReason]);
    expect(await readFile(join(site.current.clientDir, "index.html"), "utf8")).toContain("+880 2 5555 0181");
  });

  it("with previews in the bucket (decision 0178) only the publisher builds the preview: a save seen by another instance builds nothing; elected, it builds the working copy and hands the release on with its tree", async () => {
    let publisher = false;
    const listeners: Array<() => void> = [];
    const election = { isPublisher: () => publisher, onElected: (listener: () => void) => void listeners.push(listener) };
    const handed: Array<[string, string]> = [];
    await writeFile(join(workingDir, "faq.yaml"), "answer: draft\n");
    const { publishing } = await started({ publisher: election, previewReleased: (_dir, id, tree) => void handed.push([id, tree]) });
    // A draft at start: no build on an instance that is not the publisher.
    expect(await builds()).toEqual([]);
    // A save, written here by the follower: still none.
    await writeTreeFiles(workingDir, [{ path: "content/faq.yaml", bytes: Buffer.from("answer: saved on the publisher\n") }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publishing.preview!.state().phase).toBe("idle");
    expect(await builds()).toEqual([]);
    expect(handed).toEqual([]);
    publisher = true;
    for (const listener of listeners) listener();
    await until(() => handed.length > 0 && !!publishing.state().live);
    // The public site too, as the test before shows; the preview's build is one.
    expect((await builds()).sort()).toEqual(["published", "working"]);
    expect(handed).toEqual([[publishing.preview!.state().live!.id, await contentTreeHash(workingDir)]]);
    expect(publishing.preview!.state().last!.changes).toEqual([electedReason]);
  });
});
