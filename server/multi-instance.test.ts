// More than one machine (decision 0162), with real processes: three `npm start` servers (the bundle
// of server/index.ts, as npm-start.test.ts starts it) on one PostgreSQL database, each with its own
// trees (a copy of the fixture content), data folder and releases, as three machines would have.
// The site's build is a stand-in (`npm run build:site` of a small project) that takes 3 s and writes
// the published moq answer into the home page, so a build can be caught in the middle.
import { cp, mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { bundleServer } from "../scripts/build/steps/server-bundle.mjs";
import { freshPostgresUrl } from "../test-support/databases";
import { startServerProcess, type ServerProcess } from "../test-support/server-process";
import { gitBlobSha } from "./studio/content-saves";

const projectDir = resolve(import.meta.dirname, "..");
const moq = "content/faq/moq.mdoc";
const leadTime = "content/faq/lead-time.mdoc";

/** The stand-in build: notes its start (and which releases folder), waits 3 s, writes the page from the tree. */
const fakeBuild = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR,c=process.env.CONTENT_DIR;
fs.appendFileSync(p.join(__dirname,"builds.log"),"start "+d+"\\n");
setTimeout(()=>{const moq=fs.readFileSync(p.join(c,"faq","moq.mdoc"),"utf8");
fs.mkdirSync(p.join(d,"client"),{recursive:true});
fs.writeFileSync(p.join(d,"client","index.html"),"<pre>"+moq+"</pre>");
fs.writeFileSync(p.join(d,"client","404.html"),"<h1>Oops!</h1>");
fs.appendFileSync(p.join(__dirname,"builds.log"),"done "+d+"\\n");},3000);`;

type Instance = { name: string; server: ServerProcess; root: string };

/** Waits (real time, bounded) until `done` answers true. */
async function until(done: () => Promise<boolean>, what: string, limitMs: number) {
  const start = performance.now();
  while (!(await done().catch(() => false))) {
    if (performance.now() - start > limitMs) throw new Error(`Still waiting after ${limitMs} ms for ${what}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return performance.now() - start;
}

describe("three npm start servers on one PostgreSQL database (decision 0162)", () => {
  let bundleDir: string;
  let bundle: string;
  let root: string;
  let fakeProject: string;
  let databaseUrl: string;
  const instances: Instance[] = [];

  async function startInstance(name: string): Promise<Instance> {
    const home = join(root, name);
    const workingDir = join(home, "project", "content");
    const publishedDir = join(home, "data", "published", "content");
    await cp(join(projectDir, "fixtures/content"), workingDir, { recursive: true, preserveTimestamps: true });
    await cp(workingDir, publishedDir, { recursive: true, preserveTimestamps: true });
    const buildDir = join(home, "build");
    await mkdir(join(buildDir, "client"), { recursive: true });
    await writeFile(join(buildDir, "client/index.html"), "<pre>the first build</pre>");
    await writeFile(join(buildDir, "client/404.html"), "<h1>Oops!</h1>");
    await mkdir(join(buildDir, "studio"), { recursive: true });
    await writeFile(join(buildDir, "studio/index.html"), "<!doctype html><title>Studio</title><!--studio-settings-->");
    await mkdir(join(home, "outbox"), { recursive: true });
    return withFreePorts(1, async ([port]) => {
      const server = await startServerProcess({
        script: bundle,
        cwd: fakeProject,
        origin: `http://127.0.0.1:${port}`,
        deadlineMs: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: "127.0.0.1",
          PORT: String(port),
          PREVIEW_PORT: "0",
          CLIENT_DIR: join(buildDir, "client"),
          STUDIO_DIR: join(buildDir, "studio"),
          CONTENT_DIR: workingDir,
          PUBLISHED_CONTENT_DIR: publishedDir,
          DATA_DIR: join(home, "data"),
          OUTBOX_DIR: join(home, "outbox"),
          DATABASE_URL: databaseUrl,
          PUBLISH: "1",
          PUBLISH_DEBOUNCE_MS: "100",
        },
      });
      return { name, server, root: home };
    });
  }

  /** A save as the studio sends it (this machine: no staff account yet). */
  const save = (instance: Instance, path: string, text: string) =>
    fetch(`${instance.server.origin}/api/keystatic/update`, {
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json", origin: instance.server.origin },
      body: JSON.stringify({ additions: [{ path, contents: Buffer.from(text).toString("base64url") }], deletions: [] }),
    });
  /** Whether the studio of `instance` lists `path` with these bytes (Keystatic's tree: Git blob hashes). */
  const studioShows = async (instance: Instance, text: string) => {
    const tree = await (await fetch(`${instance.server.origin}/api/keystatic/tree`, { headers: { "no-cors": "1" } })).text();
    return tree.includes(gitBlobSha(Buffer.from(text)));
  };
  const home = async (instance: Instance) => (await fetch(`${instance.server.origin}/`)).text();
  const builds = async () => (await readFile(join(fakeProject, "builds.log"), "utf8").catch(() => "")).split("\n").filter(Boolean);

  beforeAll(async () => {
    bundleDir = join(projectDir, "tmp", `multi-instance-test-${randomBytes(4).toString("hex")}`);
    bundle = join(bundleDir, "index.mjs");
    root = await mkdtemp(join(tmpdir(), "ssl-multi-"));
    fakeProject = join(root, "site-project");
    await mkdir(fakeProject, { recursive: true });
    await writeFile(join(fakeProject, "package.json"), JSON.stringify({ name: "stand-in", private: true, scripts: { "build:site": "node build.cjs" } }));
    await writeFile(join(fakeProject, "build.cjs"), fakeBuild);
    [databaseUrl] = await Promise.all([freshPostgresUrl(), bundleServer(bundle)]);
    // One after another: the first to start is the publisher.
    for (const name of ["a", "b", "c"]) instances.push(await startInstance(name));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.server.stop()));
    // A build the killed publisher left running ends by itself within its 3 s.
    await new Promise((wait) => setTimeout(wait, 3_500));
    await rm(bundleDir, { recursive: true, force: true });
    await rmdir(join(projectDir, "tmp")).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it("elects the first instance publisher and says so; a save on A is in the studio of B and C within a notification", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    expect(a.server.log()).toContain("this instance is the publisher");
    for (const other of [b, c]) expect(other.server.log()).not.toContain("this instance is the publisher");

    const text = "---\nquestion: What is your minimum order?\norder: 1\n---\nSaved on A: 300 pieces per colour.\n";
    const saved = await save(a, moq, text);
    expect(saved.status).toBe(200);
    const ms = await until(async () => (await studioShows(b, text)) && (await studioShows(c, text)), "the save in B's and C's studio", 10_000);
    console.log(`a save on A was in B's and C's studio after ${Math.round(ms)} ms`);
  });

  it("the publisher SIGKILLed mid-build: another instance becomes publisher and publishes the newest published tree", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    // A second entry stays a draft, so the publish is a build of its own (not the preview's release taken).
    expect((await save(a, leadTime, "---\nquestion: How long does an order take?\norder: 2\n---\nA draft: 60 days.\n")).status).toBe(200);
    const status = (await (await fetch(`${a.server.origin}/keystatic/status.json`)).json()) as {
      drafts?: { entries: Array<{ key: string; screen?: string }> };
    };
    const moqEntry = status.drafts?.entries.find((entry) => entry.screen?.endsWith("/moq"));
    expect(moqEntry).toBeDefined();
    const published = await fetch(`${a.server.origin}/keystatic/publish`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.server.origin },
      body: new URLSearchParams({ entry: moqEntry!.key }).toString(),
    });
    expect(published.status).toBe(200);

    // A's public build starts (its releases folder, not the preview's): killed in the middle.
    const publicBuildOfA = (line: string) => line.startsWith(`start ${join(a.root, "build", "releases")}`);
    await until(async () => (await builds()).some(publicBuildOfA), "A's public build to start", 30_000);
    a.server.child.kill("SIGKILL");
    const killedAt = performance.now();
    expect((await builds()).some((line) => line.startsWith(`done ${join(a.root, "build", "releases")}`))).toBe(false);

    // Within a try (10 s) and a build (3 s), one of B and C is publisher and serves the published answer.
    await until(
      async () => (await home(b)).includes("Saved on A: 300 pieces") || (await home(c)).includes("Saved on A: 300 pieces"),
      "B or C to publish the newest published tree",
      30_000,
    );
    console.log(`after the publisher was killed, another served the publish ${Math.round(performance.now() - killedAt)} ms later`);
    const publishers = [b, c].filter((instance) => instance.server.log().includes("this instance is the publisher"));
    expect(publishers).toHaveLength(1);
    // The draft is not published by the new publisher's build.
    expect(await home(publishers[0]!)).not.toContain("A draft: 60 days");
  });
});
