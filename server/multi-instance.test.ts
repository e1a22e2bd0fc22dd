// More than one machine (decision 0162), with real processes: three `npm start` servers (the bundle
// of server/index.ts, as npm-start.test.ts starts it) on one PostgreSQL database, each with its own
// trees (a copy of the fixture content), data folder and releases, as three machines would have.
// The site's build is a stand-in (`npm run build:site` of a small project) that takes 3 s and writes
// the published moq answer into the home page, so a build can be caught in the middle. One object
// store (s3rver, test-support/object-storage.ts) holds the releases: the publisher uploads each, the
// others serve what its pointer names; the preview likewise (decision 0178): built by the publisher
// only, under `previews/`, and followed by the others' preview.
import { cp, mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { bundleServer } from "../scripts/build/steps/server-bundle.mjs";
import { freshPostgresUrl } from "../test-support/databases";
import { startTestObjectStorage } from "../test-support/object-storage";
import { startServerProcess, type ServerProcess } from "../test-support/server-process";
import { gitBlobSha } from "./studio/content-saves";
import { sql } from "drizzle-orm";
import { careerApplicationBody } from "../test-support/leads";
import { addTestAccount, TestBrowser } from "../test-support/staff";
import { openLeadsDatabase, rows } from "./db/db";

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
  let bucket: Awaited<ReturnType<typeof startTestObjectStorage>>;
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
          OBJECT_STORAGE_ENDPOINT: bucket.settings.endpoint,
          OBJECT_STORAGE_BUCKET: bucket.settings.bucket,
          OBJECT_STORAGE_REGION: bucket.settings.region,
          OBJECT_STORAGE_ACCESS_KEY_ID: bucket.settings.accessKeyId,
          OBJECT_STORAGE_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
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
  const answer = (text: string) => `---\nquestion: What is your minimum order?\norder: 1\n---\n${text}\n`;
  /** Publishes the moq draft as the studio's status page offers it. */
  const publishMoq = async (instance: Instance) => {
    const status = (await (await fetch(`${instance.server.origin}/keystatic/status.json`)).json()) as {
      drafts?: { entries: Array<{ key: string; screen?: string }> };
    };
    const moqEntry = status.drafts?.entries.find((entry) => entry.screen?.endsWith("/moq"));
    expect(moqEntry).toBeDefined();
    return fetch(`${instance.server.origin}/keystatic/publish`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.server.origin },
      body: new URLSearchParams({ entry: moqEntry!.key }).toString(),
    });
  };
  /** Whether `instance`'s own public build started (its releases folder, not the preview's). */
  const publicBuildOf = (instance: Instance) => (line: string) => line.startsWith(`start ${join(instance.root, "build", "releases")}`);
  /** Whether `instance`'s own preview build started (decision 0178: the publisher's only). */
  const previewBuildOf = (instance: Instance) => (line: string) => line.startsWith(`start ${join(instance.root, "build", "preview-releases")}`);
  const builds = async () => (await readFile(join(fakeProject, "builds.log"), "utf8").catch(() => "")).split("\n").filter(Boolean);

  beforeAll(async () => {
    bundleDir = join(projectDir, "tmp", `multi-instance-test-${randomBytes(4).toString("hex")}`);
    bundle = join(bundleDir, "index.mjs");
    root = await mkdtemp(join(tmpdir(), "ssl-multi-"));
    fakeProject = join(root, "site-project");
    await mkdir(fakeProject, { recursive: true });
    await writeFile(join(fakeProject, "package.json"), JSON.stringify({ name: "stand-in", private: true, scripts: { "build:site": "node build.cjs" } }));
    await writeFile(join(fakeProject, "build.cjs"), fakeBuild);
    [databaseUrl, bucket] = await Promise.all([freshPostgresUrl(), startTestObjectStorage("releases"), bundleServer(bundle)]);
    // One after another: the first to start is the publisher.
    for (const name of ["a", "b", "c"]) instances.push(await startInstance(name));
  }, 240_000);

  afterAll(async () => {
    // MULTI_DEBUG=1: each instance's log at the end (what a failed wait did not show).
    if (process.env.MULTI_DEBUG) for (const instance of instances) console.log(`=== ${instance.name}\n${instance.server.log().slice(-6000)}`);
    await Promise.all(instances.map((instance) => instance.server.stop()));
    // A build the killed publisher left running ends by itself within its 3 s.
    await new Promise((wait) => setTimeout(wait, 3_500));
    await rm(bundleDir, { recursive: true, force: true });
    await rmdir(join(projectDir, "tmp")).catch(() => {});
    await rm(root, { recursive: true, force: true });
    await bucket?.close();
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

  it("a job application's resume uploaded through A is in the bucket, not the database, and downloads through C's desk byte for byte (decision 0161)", async () => {
    const [a, , c] = instances as [Instance, Instance, Instance];
    const resume = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(40 * 1024)]);
    const filename = `resume-through-a-${randomBytes(4).toString("hex")}.pdf`;
    const sent = await fetch(`${a.server.origin}/api/v1.0/email/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: careerApplicationBody(resume, filename),
    });
    expect(sent.status).toBe(200);

    const leads = await openLeadsDatabase({ databaseUrl });
    const email = `admin-${randomBytes(4).toString("hex")}@example.com`;
    try {
      const [stored] = await rows<{ lead_id: string; object_key: string | null; in_database: boolean }>(
        leads.db,
        sql`select lead_id, object_key, content is not null as in_database from lead_files where filename = ${filename}`,
      );
      expect(stored).toMatchObject({ in_database: false, object_key: expect.stringMatching(/^lead-files\//) });
      await addTestAccount(leads.db, "admin", email);
      const desk = new TestBrowser(c.server.origin, {});
      expect((await desk.signIn(email)).status).toBe(303);
      const leadPage = await (await desk.request(`/staff/leads/${stored!.lead_id}`)).text();
      // The lead's page on C links the file by its name ("Download <name> (<size>)").
      const href = new RegExp(`<a href="([^"]+)"[^>]*>[^<]*${filename.replace(/\./g, "\\.")}[^<]*</a>`).exec(leadPage)?.[1];
      expect(href).toBeDefined();
      const download = await desk.request(href!);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toContain(filename);
      expect(Buffer.from(await download.arrayBuffer()).equals(resume)).toBe(true);
    } finally {
      // Gone again (its sessions with it): the tests after this one save as "this machine", which the
      // studio allows only while no staff account exists (decision 0049).
      await leads.db.execute(sql`delete from staff_users where email = ${email}`);
      await leads.close();
    }
  });

  it("a save on A is previewed on B without B building: A builds the preview and uploads it under previews/, B's preview follows its pointer and says whose build it shows (decision 0178)", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const leads = await openLeadsDatabase({ databaseUrl });
    const email = `editor-${randomBytes(4).toString("hex")}@example.com`;
    try {
      await addTestAccount(leads.db, "editor", email);
      const desk = new TestBrowser(b.server.origin, {});
      expect((await desk.signIn(email)).status).toBe(303);
      const previewPort = /Preview of \S+ at http:\/\/localhost:(\d+)/.exec(b.server.log())?.[1];
      expect(previewPort).toBeDefined();
      const cookie = [...desk.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const previewHome = async () => (await fetch(`http://127.0.0.1:${previewPort}/`, { headers: { cookie } })).text();
      // The save of the first test, on A.
      const ms = await until(async () => (await previewHome()).includes("Saved on A: 300 pieces"), "B's preview to show A's save", 20_000);
      console.log(`B's preview showed A's save ${Math.round(ms)} ms after this test began`);
      expect(await previewHome()).toContain("built by the publishing server at");
      const status = (await (await desk.request("/keystatic/status.json")).json()) as { preview?: { followed?: { tree: string } } };
      expect(status.preview?.followed?.tree).toMatch(/^[0-9a-f]{64}$/);
      // A built the preview; B and C built none, for that save or at start.
      const log = await builds();
      expect(log.some(previewBuildOf(a))).toBe(true);
      expect(log.some((line) => previewBuildOf(b)(line) || previewBuildOf(c)(line))).toBe(false);
      expect(b.server.log()).toContain("previews: serving");
      // Still only for staff who edit content: a stranger gets the bare 404.
      expect((await fetch(`http://127.0.0.1:${previewPort}/`)).status).toBe(404);
    } finally {
      // Gone again, as in the test before: the next tests save as "this machine".
      await leads.db.execute(sql`delete from staff_users where email = ${email}`);
      await leads.close();
    }
  }, 60_000);

  it("a save on A, published, is served by B and C: A uploads the release and its pointer, B and C follow on the NOTIFY", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const publishedAt = performance.now();
    expect((await publishMoq(a)).status).toBe(200);
    await until(async () => (await home(a)).includes("Saved on A: 300 pieces"), "A to publish", 30_000);
    const ms = await until(
      async () => (await home(b)).includes("Saved on A: 300 pieces") && (await home(c)).includes("Saved on A: 300 pieces"),
      "B and C to serve A's release",
      15_000,
    );
    console.log(
      `a publish on A was served by B and C ${Math.round(performance.now() - publishedAt)} ms after it was asked for (${Math.round(ms)} ms after A served it)`,
    );
    // B and C built no public release: they downloaded A's.
    expect((await builds()).some((line) => publicBuildOf(b)(line) || publicBuildOf(c)(line))).toBe(false);
    for (const other of [b, c]) expect(other.server.log()).toContain("from the bucket");
  }, 60_000);

  it("the publisher SIGKILLed mid-build: another instance becomes publisher and publishes the newest published tree", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    expect((await save(a, moq, answer("Saved on A again: 400 pieces per colour."))).status).toBe(200);
    // A second entry stays a draft, so the publish is a build of its own (not the preview's release taken).
    expect((await save(a, leadTime, "---\nquestion: How long does an order take?\norder: 2\n---\nA draft: 60 days.\n")).status).toBe(200);
    expect((await publishMoq(a)).status).toBe(200);

    // A's public build starts (its releases folder, not the preview's): killed in the middle.
    const before = (await builds()).filter(publicBuildOf(a)).length;
    await until(async () => (await builds()).filter(publicBuildOf(a)).length > before, "A's public build to start", 30_000);
    a.server.child.kill("SIGKILL");
    const killedAt = performance.now();
    expect((await builds()).filter((line) => line.startsWith(`done ${join(a.root, "build", "releases")}`))).toHaveLength(before);

    // Within a try (10 s) and a build (3 s), one of B and C is publisher and serves the published answer.
    await until(
      async () => (await home(b)).includes("Saved on A again: 400 pieces") || (await home(c)).includes("Saved on A again: 400 pieces"),
      "B or C to publish the newest published tree",
      30_000,
    );
    console.log(`after the publisher was killed, another served the publish ${Math.round(performance.now() - killedAt)} ms later`);
    const publishers = [b, c].filter((instance) => instance.server.log().includes("this instance is the publisher"));
    expect(publishers).toHaveLength(1);
    // The draft is not published by the new publisher's build.
    expect(await home(publishers[0]!)).not.toContain("A draft: 60 days");
  }, 60_000);

  it("an instance started after ten saves serves the newest release without building", async () => {
    const [, b, c] = instances as [Instance, Instance, Instance];
    const publisher = [b, c].find((instance) => instance.server.log().includes("this instance is the publisher"))!;
    const other = publisher === b ? c : b;
    for (let n = 1; n <= 10; n++) expect((await save(publisher, moq, answer(`Save ${n} of ten: ${n * 100} pieces.`))).status).toBe(200);
    expect((await publishMoq(publisher)).status).toBe(200);
    await until(async () => (await home(other)).includes("Save 10 of ten"), "the tenth save served by the other instance", 30_000);

    const d = await startInstance("d");
    instances.push(d);
    const ms = await until(async () => (await home(d)).includes("Save 10 of ten"), "D to serve the newest release", 15_000);
    console.log(`an instance started after ten saves served the newest release ${Math.round(ms)} ms after it answered`);
    expect((await builds()).some(publicBuildOf(d))).toBe(false);
    expect(d.server.log()).not.toContain("this instance is the publisher");
  }, 60_000);

  it("the bucket down for 30 s: pages keep being served, the publish is retried, and once it is back every instance serves it", async () => {
    const publisher = instances.find((instance) => instance.server.log().includes("this instance is the publisher") && instance !== instances[0])!;
    const others = instances.slice(1).filter((instance) => instance !== publisher);
    await bucket.stop();
    const downAt = performance.now();
    expect((await save(publisher, moq, answer("Saved while the bucket was down: 500 pieces."))).status).toBe(200);
    expect((await publishMoq(publisher)).status).toBe(200);
    await until(async () => (await home(publisher)).includes("bucket was down"), "the publisher to serve its publish", 30_000);
    // Down for 30 s: every instance keeps serving its release (the others the one before), and the upload is retried.
    while (performance.now() - downAt < 30_000) {
      for (const other of others) {
        const page = await fetch(`${other.server.origin}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Save 10 of ten");
      }
      await new Promise((wait) => setTimeout(wait, 2_000));
    }
    expect(publisher.server.log().match(/uploading \S+ failed/g)?.length ?? 0).toBeGreaterThan(1);
    await bucket.start();
    const ms = await until(
      async () => (await Promise.all(others.map(async (other) => (await home(other)).includes("bucket was down")))).every(Boolean),
      "the others to serve the publish made while the bucket was down",
      20_000,
    );
    console.log(`the bucket back, the publish made while it was down was served by the others ${Math.round(ms)} ms later`);
  }, 90_000);
});
