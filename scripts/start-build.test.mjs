import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, readlink, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSources, ensurePublishedTree, newestMtime, releasesFromBucket, siteToServe, startLockName, studioUpToDate } from "./start-build.mjs";

let root;
let buildDir;
let releasesDir;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-start-build-"));
  buildDir = join(root, "build");
  releasesDir = join(buildDir, "releases");
});
afterEach(() => rm(root, { recursive: true, force: true }));

const hour = 3_600_000;
const t0 = Date.parse("2026-11-20T10:00:00Z");

/** A build as the site build leaves it: its pages, its server and, when complete, its stamp dated `at`. */
async function writeBuild(dir, { at, page = "site", complete = true }) {
  await mkdir(join(dir, "client"), { recursive: true });
  await mkdir(join(dir, "node"), { recursive: true });
  await writeFile(join(dir, "client/index.html"), `<h1>${page}</h1>`);
  await writeFile(join(dir, "node/index.mjs"), "");
  if (complete) {
    await writeFile(join(dir, ".stamp"), new Date(at).toISOString());
    await utimes(join(dir, ".stamp"), new Date(at), new Date(at));
  }
}

/** A fake `npm run build:site`: records where it built and writes a complete build there. */
function fakeSiteBuild(at, { gate, onStart = () => {} } = {}) {
  const built = [];
  const buildSite = async (dir) => {
    built.push(dir);
    onStart();
    await gate;
    await writeBuild(dir, { at, page: "new" });
  };
  return { built, buildSite };
}

const page = (dir) => readFile(join(dir, "client/index.html"), "utf8");
const quiet = () => {};

describe("what npm start serves", () => {
  it("serves the newest published release when no source is newer, and builds nothing (restart after a studio save)", async () => {
    await writeBuild(buildDir, { at: t0, page: "first build" });
    await writeBuild(join(releasesDir, "2026-11-20T11-00-00-000Z"), { at: t0 + hour, page: "first save" });
    await writeBuild(join(releasesDir, "2026-11-20T12-00-00-000Z"), { at: t0 + 2 * hour, page: "second save" });
    // A publish still building: no stamp yet, never served.
    await writeBuild(join(releasesDir, "2026-11-20T13-00-00-000Z"), { at: 0, complete: false });
    const { built, buildSite } = fakeSiteBuild(t0 + 3 * hour);
    // The second save's content file is older than its release's build.
    const site = await siteToServe({ buildDir, releasesDir, newestSource: () => t0 + 2 * hour - 1, buildSite, log: quiet });
    expect(site).toEqual({ dir: join(releasesDir, "2026-11-20T12-00-00-000Z"), built: false });
    expect(built).toEqual([]);
  });

  it("builds a new release when a source is newer than every build, leaving the build folder and every release as they were", async () => {
    await writeBuild(buildDir, { at: t0, page: "first build" });
    await writeBuild(join(releasesDir, "2026-11-20T11-00-00-000Z"), { at: t0 + hour, page: "first save" });
    const { built, buildSite } = fakeSiteBuild(t0 + 3 * hour);
    const site = await siteToServe({ buildDir, releasesDir, newestSource: () => t0 + 2 * hour, buildSite, log: quiet });
    expect(site.built).toBe(true);
    expect(site.dir.startsWith(`${releasesDir}/`)).toBe(true);
    expect(built).toEqual([site.dir]);
    expect(await page(site.dir)).toBe("<h1>new</h1>");
    expect(await page(buildDir)).toBe("<h1>first build</h1>");
    expect(await page(join(releasesDir, "2026-11-20T11-00-00-000Z"))).toBe("<h1>first save</h1>");
    // nginx's hashed files follow the release now served.
    expect(await readlink(join(releasesDir, "current"))).toBe(site.dir.slice(releasesDir.length + 1));
    expect(existsSync(join(buildDir, startLockName))).toBe(false);
  });

  it("builds into the build folder itself while it holds no complete build (a fresh checkout)", async () => {
    const { built, buildSite } = fakeSiteBuild(t0 + hour);
    const site = await siteToServe({ buildDir, releasesDir, newestSource: () => t0, buildSite, log: quiet });
    expect(site).toEqual({ dir: buildDir, built: true });
    expect(built).toEqual([buildDir]);
  });

  it("with CLIENT_DIR given, serves the build folder, rebuilt in place when out of date, whatever releases exist", async () => {
    await writeBuild(buildDir, { at: t0 });
    await writeBuild(join(releasesDir, "2026-11-20T11-00-00-000Z"), { at: t0 + 2 * hour });
    const { built, buildSite } = fakeSiteBuild(t0 + 3 * hour);
    expect(await siteToServe({ buildDir, releasesDir, pinned: true, newestSource: () => t0 - 1, buildSite, log: quiet })).toEqual({
      dir: buildDir,
      built: false,
    });
    expect(await siteToServe({ buildDir, releasesDir, pinned: true, newestSource: () => t0 + hour, buildSite, log: quiet })).toEqual({
      dir: buildDir,
      built: true,
    });
    expect(built).toEqual([buildDir]);
  });

  it("lets two starts at once take turns: one builds, the other waits and serves that build", async () => {
    await writeBuild(buildDir, { at: t0 });
    let open;
    const gate = new Promise((resolve) => (open = resolve));
    let started;
    const building = new Promise((resolve) => (started = resolve));
    const { built, buildSite } = fakeSiteBuild(t0 + 2 * hour, { gate, onStart: () => started() });
    const said = [];
    let heard;
    const waiting = new Promise((resolve) => (heard = resolve));
    const log = (line) => {
      said.push(line);
      if (line.includes("waiting for it")) heard();
    };
    const options = { buildDir, releasesDir, newestSource: () => t0 + hour, buildSite, log };
    const first = siteToServe(options);
    const second = siteToServe(options);
    await Promise.all([waiting, building]);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(built).toHaveLength(1);
    expect(b.dir).toBe(a.dir);
    expect([a.built, b.built].sort()).toEqual([false, true]);
    expect(said.filter((line) => line.startsWith("Building the site first"))).toHaveLength(1);
  });

  it("takes over the lock of a start that was killed mid-build", async () => {
    await writeBuild(buildDir, { at: t0 });
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    await mkdir(join(buildDir, startLockName));
    await writeFile(join(buildDir, startLockName, "pid"), dead.stdout);
    // And the waiting start it had beside it.
    await mkdir(join(buildDir, `${startLockName}-new-${dead.stdout}-abc`));
    const { built, buildSite } = fakeSiteBuild(t0 + 2 * hour);
    const site = await siteToServe({ buildDir, releasesDir, newestSource: () => t0 + hour, buildSite, log: quiet });
    expect(site.built).toBe(true);
    expect(built).toHaveLength(1);
    expect((await readdir(buildDir)).filter((name) => name.startsWith(startLockName))).toEqual([]);
  });
});

describe("npm start with releases in the bucket (decision 0162)", () => {
  const bucketEnvironment = {
    DATABASE_URL: "postgres://site@db.internal/site",
    OBJECT_STORAGE_ENDPOINT: "https://s3.example.com",
    OBJECT_STORAGE_BUCKET: "site",
    OBJECT_STORAGE_ACCESS_KEY_ID: "key-id",
    OBJECT_STORAGE_SECRET_ACCESS_KEY: "secret",
  };

  it("takes releases from the bucket only in local storage with DATABASE_URL and all four OBJECT_STORAGE_* settings", () => {
    expect(releasesFromBucket(bucketEnvironment, true)).toBe(true);
    expect(releasesFromBucket({ ...bucketEnvironment, OBJECT_STORAGE_REGION: "auto" }, true)).toBe(true);
    expect(releasesFromBucket(bucketEnvironment, false)).toBe(false);
    expect(releasesFromBucket({ ...bucketEnvironment, DATABASE_URL: " " }, true)).toBe(false);
    for (const name of ["OBJECT_STORAGE_ENDPOINT", "OBJECT_STORAGE_BUCKET", "OBJECT_STORAGE_ACCESS_KEY_ID", "OBJECT_STORAGE_SECRET_ACCESS_KEY"]) {
      expect(releasesFromBucket({ ...bucketEnvironment, [name]: "" }, true)).toBe(false);
      expect(releasesFromBucket(Object.fromEntries(Object.entries(bucketEnvironment).filter(([key]) => key !== name)), true)).toBe(false);
    }
  });

  it("a start whose published content is newer than its newest release serves that release and builds nothing; newer code still builds", async () => {
    // The content as the follower wrote it after the release (another instance's publish), and the code before it.
    const codeDir = join(root, "server");
    const contentDir = join(root, "data/published/content");
    await mkdir(codeDir, { recursive: true });
    await mkdir(contentDir, { recursive: true });
    await writeFile(join(codeDir, "index.ts"), "export {};");
    await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0199\n");
    await utimes(join(codeDir, "index.ts"), new Date(t0), new Date(t0));
    await utimes(codeDir, new Date(t0), new Date(t0));
    await utimes(join(contentDir, "site.yaml"), new Date(t0 + 2 * hour), new Date(t0 + 2 * hour));
    await writeBuild(join(releasesDir, "2026-11-20T11-00-00-000Z"), { at: t0 + hour, page: "the release before" });
    const newestSource = (fromBucket) => () => Math.max(...buildSources({ code: [codeDir], contentSource: contentDir, fromBucket }).map(newestMtime));

    const { built, buildSite } = fakeSiteBuild(t0 + 3 * hour);
    const followed = await siteToServe({ buildDir, releasesDir, newestSource: newestSource(true), buildSite, log: quiet });
    expect(followed).toEqual({ dir: join(releasesDir, "2026-11-20T11-00-00-000Z"), built: false });
    expect(built).toEqual([]);

    // Without the bucket the same start builds the content (one machine: decision 0069).
    const alone = await siteToServe({ buildDir, releasesDir, newestSource: newestSource(false), buildSite, log: quiet });
    expect(alone.built).toBe(true);
    expect(built).toHaveLength(1);

    // This checkout's code newer than every build: its server must be built, bucket or not.
    await utimes(join(codeDir, "index.ts"), new Date(t0 + 4 * hour), new Date(t0 + 4 * hour));
    const deployed = await siteToServe({ buildDir, releasesDir, newestSource: newestSource(true), buildSite, log: quiet });
    expect(deployed.built).toBe(true);
    expect(built).toHaveLength(2);
  });
});

describe("the studio at start", () => {
  it("is built (into a fresh folder, by buildStudio) only when its code is newer than it", async () => {
    const studioDir = join(root, "studio");
    await mkdir(studioDir, { recursive: true });
    await writeFile(join(studioDir, "index.html"), "<title>Studio</title>");
    await utimes(join(studioDir, "index.html"), new Date(t0), new Date(t0));
    const calls = [];
    const buildStudio = async () => calls.push("built");
    expect(await studioUpToDate({ studioDir, lockDir: buildDir, newestCode: () => t0 - 1, buildStudio, log: quiet })).toBe(false);
    expect(await studioUpToDate({ studioDir, lockDir: buildDir, newestCode: () => t0 + 1, buildStudio, log: quiet })).toBe(true);
    expect(calls).toEqual(["built"]);
  });
});

describe("the published tree at start (decision 0159)", () => {
  it("is made once, a copy of CONTENT_DIR no newer than it (its build is still fresh), without editor droppings", async () => {
    const working = join(root, "content");
    const published = join(root, "data/published/content");
    await mkdir(join(working, "faq"), { recursive: true });
    await writeFile(join(working, "site.yaml"), "phone: 1\n");
    await writeFile(join(working, "faq/moq.yaml"), "question: MOQ?\n");
    await writeFile(join(working, "faq/.moq.yaml.swp"), "");
    for (const path of ["faq/moq.yaml", "faq/.moq.yaml.swp", "site.yaml", "faq", ""]) await utimes(join(working, path), new Date(t0), new Date(t0));

    expect(ensurePublishedTree(working, published)).toBe(true);
    expect(await readFile(join(published, "faq/moq.yaml"), "utf8")).toBe("question: MOQ?\n");
    expect(existsSync(join(published, "faq/.moq.yaml.swp"))).toBe(false);
    expect(newestMtime(published)).toBe(t0);

    await writeFile(join(working, "site.yaml"), "phone: 2\n");
    expect(ensurePublishedTree(working, published)).toBe(false);
    expect(await readFile(join(published, "site.yaml"), "utf8")).toBe("phone: 1\n");
    expect((await readdir(join(root, "data/published"))).sort()).toEqual(["content"]);
  });
});
