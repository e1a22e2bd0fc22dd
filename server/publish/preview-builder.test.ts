import { cp, mkdir, mkdtemp, readFile, readdir, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentTreeHash } from "./content-tree";
import { createPreviewBuilder, releaseForTree, type PreviewBuilderOptions } from "./preview-builder";
import { siteBuilder } from "./site-build";

/**
 * A build command as the real one is called (BUILD_DIR, CONTENT_DIR): it notes each run beside the
 * content, puts site.yaml into the page, fails on a "broken" phone, and on "save-during-build" writes
 * one more content file while it runs, as a save during a build would.
 */
const fakeBuild = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR,c=process.env.CONTENT_DIR;
fs.appendFileSync(p.join(c,"..","builds.log"),"run\\n");
const site=fs.readFileSync(p.join(c,"site.yaml"),"utf8");
if(site.includes("broken")){console.error("Error: content/site.yaml: phone: must not be empty");process.exit(1)}
fs.mkdirSync(p.join(d,"client"),{recursive:true});
fs.writeFileSync(p.join(d,"client","index.html"),"<!doctype html><html><head></head><body><p>"+site.trim()+"</p></body></html>");
if(site.includes("save-during-build"))fs.writeFileSync(p.join(c,"faq.yaml"),"answer: saved meanwhile\\n");`;

let root: string;
let contentDir: string;
let releasesDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-preview-"));
  contentDir = join(root, "content");
  releasesDir = join(root, "preview-releases");
  await mkdir(contentDir);
  await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const save = (phone: string) => writeFile(join(contentDir, "site.yaml"), `phone: ${phone}\n`);
const buildRuns = async () => (await readFile(join(root, "builds.log"), "utf8").catch(() => "")).split("\n").filter(Boolean).length;
const shownPage = async (preview: ReturnType<typeof createPreviewBuilder>) => readFile(join(preview.current()!.clientDir, "index.html"), "utf8");

function previewBuilder(options: Partial<PreviewBuilderOptions> = {}) {
  const build = siteBuilder({ projectDir: root, releasesDir, contentDir, command: [process.execPath, "-e", fakeBuild] });
  return createPreviewBuilder({ contentDir, releasesDir, build, debounceMs: 10, ...options });
}

/** A save, then the preview's build after it. */
async function saved(preview: ReturnType<typeof createPreviewBuilder>, phone: string) {
  await save(phone);
  preview.notify("site.yaml");
  await preview.idle();
}

describe("content tree hash", () => {
  it("is the same for the same files wherever they lie, and changes with a file's bytes or name", async () => {
    await mkdir(join(contentDir, "faq"));
    await writeFile(join(contentDir, "faq/moq.yaml"), "answer: It depends.\n");
    const copy = join(root, "published-content");
    await cp(contentDir, copy, { recursive: true });
    const hash = await contentTreeHash(contentDir);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await contentTreeHash(copy)).toBe(hash);

    await writeFile(join(copy, "faq/moq.yaml"), "answer: 500 pieces.\n");
    expect(await contentTreeHash(copy)).not.toBe(hash);
    await rm(join(copy, "faq/moq.yaml"));
    await writeFile(join(copy, "faq/min.yaml"), "answer: It depends.\n");
    expect(await contentTreeHash(copy)).not.toBe(hash);
  });

  it("leaves out what the watcher ignores: hidden files and folders, editor droppings", async () => {
    const hash = await contentTreeHash(contentDir);
    await writeFile(join(contentDir, ".DS_Store"), "x");
    await writeFile(join(contentDir, "site.yaml~"), "x");
    await writeFile(join(contentDir, ".site.yaml.swp"), "x");
    await mkdir(join(contentDir, ".git"));
    await writeFile(join(contentDir, ".git/HEAD"), "ref: refs/heads/main\n");
    expect(await contentTreeHash(contentDir)).toBe(hash);
  });
});

describe("preview builder", () => {
  it("after a save, builds the working copy with the build command into its own releases folder and shows it", async () => {
    const preview = previewBuilder();
    expect(preview.current()).toBeUndefined();
    await saved(preview, "+880 2 5555 0199");
    expect(preview.current()!.clientDir).toMatch(new RegExp(`^${releasesDir}/\\d{4}-[^/]+/client$`));
    expect(await shownPage(preview)).toContain("phone: +880 2 5555 0199");
    expect(preview.state()).toMatchObject({ phase: "idle", last: { ok: true, changes: ["site.yaml"] }, live: { id: expect.stringMatching(/^\d{4}-/) } });
    expect(await readlink(join(releasesDir, "current"))).toBe(preview.state().live!.id);
  });

  it("debounces a burst of saves into one build, as publishing does", async () => {
    const preview = previewBuilder({ debounceMs: 50 });
    await save("+1");
    preview.notify("site.yaml");
    await save("+2");
    preview.notify("site.yaml");
    await save("+3");
    preview.notify("site.yaml");
    await preview.idle();
    expect(await buildRuns()).toBe(1);
    expect(await shownPage(preview)).toContain("phone: +3");
  });

  it("keys each release by the tree it was built from: releaseForTree finds it for an equal tree elsewhere (a publish's published tree), none for another", async () => {
    const preview = previewBuilder();
    await saved(preview, "+880 2 5555 0199");
    const published = join(root, "published-content");
    await cp(contentDir, published, { recursive: true });
    const found = preview.releaseForTree(await contentTreeHash(published));
    expect(found).toMatchObject({ id: preview.state().live!.id, dir: join(releasesDir, preview.state().live!.id) });
    expect(found!.site.clientDir).toBe(preview.current()!.clientDir);
    // The same lookup works from the folder alone (after a restart, or from the publishing side).
    expect(releaseForTree(releasesDir, await contentTreeHash(published))?.id).toBe(found!.id);

    await writeFile(join(published, "site.yaml"), "phone: +880 2 5555 0100\n");
    expect(preview.releaseForTree(await contentTreeHash(published))).toBeUndefined();
  });

  it("shows again, without building, a tree it has built today (a save undone)", async () => {
    const preview = previewBuilder();
    await saved(preview, "+1");
    const first = preview.state().live!.id;
    await saved(preview, "+2");
    expect(await buildRuns()).toBe(2);
    await saved(preview, "+1");
    expect(await buildRuns()).toBe(2);
    expect(preview.state().live!.id).toBe(first);
    expect(preview.state().last?.output).toContain(`release ${first}`);
    expect(await shownPage(preview)).toContain("phone: +1");
  });

  it("does not take yesterday's release of the same tree: a build reads the date (decision 0076)", async () => {
    let now = Date.parse("2026-12-06T23:59:00Z");
    const preview = previewBuilder({ now: () => now });
    await saved(preview, "+1");
    const hash = await contentTreeHash(contentDir);
    expect(preview.releaseForTree(hash)?.builtAt).toBe("2026-12-06T23:59:00.000Z");
    now = Date.parse("2026-12-07T00:01:00Z");
    expect(preview.releaseForTree(hash)).toBeUndefined();
    expect(releaseForTree(releasesDir, hash, new Date(now))).toBeUndefined();
    preview.notify("daily republish");
    await preview.idle();
    expect(await buildRuns()).toBe(2);
    expect(preview.releaseForTree(hash)?.builtAt).toBe("2026-12-07T00:01:00.000Z");
  });

  it("shows a release whose tree changed while it was built, but keeps it from reuse: it is not that tree's", async () => {
    const preview = previewBuilder();
    await save("save-during-build");
    const atStart = await contentTreeHash(contentDir);
    preview.notify("site.yaml");
    await preview.idle();
    const after = await contentTreeHash(contentDir);
    expect(after).not.toBe(atStart);
    expect(await shownPage(preview)).toContain("save-during-build");
    expect(preview.releaseForTree(atStart)).toBeUndefined();
    expect(preview.releaseForTree(after)).toBeUndefined();
  });

  it("a failed build leaves the preview as it was and keeps the line naming file and field", async () => {
    const preview = previewBuilder();
    await saved(preview, "+1");
    const shown = preview.current();
    await saved(preview, "broken");
    expect(preview.current()).toBe(shown);
    expect(preview.state().last).toMatchObject({ ok: false, error: expect.stringContaining("content/site.yaml: phone: must not be empty") });
    expect((await readdir(releasesDir)).filter((name) => /^\d{4}-/.test(name))).toHaveLength(1);
  });

  it("at start shows the release kept for the working copy without a build; else what it is given; else builds", async () => {
    const first = previewBuilder();
    await saved(first, "+1");
    first.close();

    const restarted = previewBuilder();
    await restarted.start();
    await restarted.idle();
    expect(restarted.current()!.clientDir).toBe(first.current()!.clientDir);
    expect(await buildRuns()).toBe(1);

    await save("+2");
    const live = { clientDir: "/build/releases/live/client", cspHashes: {} };
    const withLive = previewBuilder({ startWith: live });
    await withLive.start();
    await withLive.idle();
    expect(withLive.current()).toBe(live);
    expect(await buildRuns()).toBe(1);

    const bare = previewBuilder();
    await bare.start();
    await bare.idle();
    expect(await buildRuns()).toBe(2);
    expect(await shownPage(bare)).toContain("phone: +2");
  });

  it("with previews in the bucket (decision 0178): the publisher hands each release it shows to `released` with its tree, one shown again too; an instance that does not build runs no build for a save or at start, shows the publisher's release it follows and says so", async () => {
    const handed: Array<{ dir: string; id: string; tree: string }> = [];
    const publisher = previewBuilder({ released: (dir, id, tree) => void handed.push({ dir, id, tree }) });
    await saved(publisher, "+1");
    const first = await contentTreeHash(contentDir);
    await saved(publisher, "+2");
    const second = await contentTreeHash(contentDir);
    // A save undone: the release of that tree shown again is handed on again (the bucket's pointer goes back to it).
    await saved(publisher, "+1");
    expect(handed.map((release) => release.tree)).toEqual([first, second, first]);
    expect(handed[2]).toEqual(handed[0]);
    expect(handed[0]!.dir).toBe(join(releasesDir, handed[0]!.id));
    expect(await buildRuns()).toBe(2);
    publisher.close();

    let elected = false;
    const handedByFollower: string[] = [];
    const follower = previewBuilder({ mayBuild: () => elected, released: (_dir, _id, tree) => void handedByFollower.push(tree) });
    await saved(follower, "+3");
    await follower.start();
    await follower.idle();
    expect(await buildRuns()).toBe(2);
    expect(follower.current()).toBeUndefined();
    expect(follower.state().followed).toBeUndefined();
    expect(handedByFollower).toEqual([]);

    const publishers = releaseForTree(releasesDir, first)!;
    follower.follow(publishers.site, { id: publishers.id, tree: first, builtAt: publishers.builtAt });
    expect(follower.current()).toBe(publishers.site);
    expect(follower.state()).toMatchObject({ phase: "idle", followed: { id: publishers.id, tree: first, builtAt: publishers.builtAt } });
    // A start after it keeps the followed release (the bucket's newest), whatever it is given.
    await follower.start({ clientDir: "/build/releases/live/client", cspHashes: {} });
    expect(follower.current()).toBe(publishers.site);

    // Elected: it builds the working copy itself, and its state no longer names the publisher's release.
    elected = true;
    await saved(follower, "+3");
    expect(await buildRuns()).toBe(3);
    expect(await shownPage(follower)).toContain("phone: +3");
    expect(follower.state().followed).toBeUndefined();
    expect(handedByFollower).toEqual([await contentTreeHash(contentDir)]);
    follower.close();
  });
});
