import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresUrl } from "../../test-support/databases";
import { peakLiveBuffersDuring, writeLargeFile } from "../../test-support/memory";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import { openLeadsDatabase, rows, type LeadsDatabase } from "../db/db";
import { listRevisions, readRevision, recordRevision } from "../leads/content-history";
import { gitBlobSha } from "../studio/content-saves";
import { contentFollower, type ContentFollower, type Schedule } from "./content-follower";
import { fileSha256 } from "./published-tree";

// Decision 0162: with DATABASE_URL every instance's working copy and published tree follow the
// content history. Two instances on one PostgreSQL database, each with its own pool, its own trees
// and its own follower (LISTEN on a connection of its own), as two machines would have.

/** No poll in these tests: a notification, or a start, is what they are about. */
const never: Schedule = () => () => {};

type Instance = {
  leads: LeadsDatabase;
  root: string;
  workingDir: string;
  publishedDir: string;
  cursorFile: string;
  follower: ContentFollower;
  following?: { stop(): Promise<void>; written: { working: number; published: number } };
  server: Awaited<ReturnType<typeof startStaffServer>>;
  editor: TestBrowser;
};

const saveRequest = (origin: string, path: string, contents: string, seen?: Record<string, string | null>): RequestInit => ({
  method: "POST",
  headers: {
    "no-cors": "1",
    "content-type": "application/json",
    origin,
    ...(seen ? { "x-studio-seen": JSON.stringify(seen) } : {}),
  },
  body: JSON.stringify({ additions: [{ path, contents: Buffer.from(contents).toString("base64url") }], deletions: [] }),
});

/** Waits (real time, bounded) until `file` reads `text`; returns how long it took. */
async function until(file: string, text: string, limitMs = 10_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const now = await readFile(file, "utf8").catch(() => null);
    if (now === text) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`${file} still reads ${JSON.stringify(now)} after ${limitMs} ms, not ${JSON.stringify(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("content following the history on two instances of one PostgreSQL database", () => {
  let url: string;
  const instances: Instance[] = [];
  const a = () => instances[0]!;
  const b = () => instances[1]!;

  /** An instance's trees, as `npm start` leaves them on a machine of its own: its checkout of content/ and a copy as the published tree. */
  async function makeInstance(site: string): Promise<Instance> {
    const leads = await openLeadsDatabase({ databaseUrl: url });
    const root = await mkdtemp(join(tmpdir(), "ssl-follow-"));
    const workingDir = join(root, "content");
    const publishedDir = join(root, "published", "content");
    for (const tree of [workingDir, publishedDir]) {
      await mkdir(join(tree, "faq"), { recursive: true });
      await writeFile(join(tree, "site.yaml"), site);
      await writeFile(join(tree, "faq", "moq.yaml"), "question: What is the MOQ?\nanswer: It depends.\n");
    }
    const cursorFile = join(root, "data", "content-cursors.json");
    const follower = contentFollower({ db: leads.db, workingDir, publishedDir, cursorFile, log: () => {} });
    const following = await follower.start({ databaseUrl: url, schedule: never });
    const server = await startStaffServer(leads.db, {}, undefined, {}, workingDir, { publishedContentDir: publishedDir, follower });
    const editor = server.browser();
    return { leads, root, workingDir, publishedDir, cursorFile, follower, following, server, editor };
  }

  beforeAll(async () => {
    url = await freshPostgresUrl();
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances.reverse()) {
      await instance.following?.stop();
      await instance.server.close();
      await instance.leads.close();
      await rm(instance.root, { recursive: true, force: true });
    }
  });

  it("imports the first instance's trees as the history's first revisions; the second, on another checkout, takes them at its start", async () => {
    instances.push(await makeInstance("phone: +880 2 5555 0100\n"));
    const imported = (await listRevisions(a().leads.db)).reverse();
    expect(imported.map((revision) => [revision.entryKey, revision.entrySlug, revision.action])).toEqual([
      ["import", "working", "upload"],
      ["import", "published", "publish"],
    ]);
    const [file] = (await readRevision(a().leads.db, imported[0]!.id))!.files.filter((f) => f.path === "content/site.yaml");
    // Before = after: restoring the import changes nothing.
    expect([file!.beforeText, file!.afterText]).toEqual(["phone: +880 2 5555 0100\n", "phone: +880 2 5555 0100\n"]);

    instances.push(await makeInstance("phone: +880 2 0000 0000\n"));
    expect(await readFile(join(b().workingDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
    expect(await readFile(join(b().publishedDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
    expect(b().following!.written).toEqual({ working: 1, published: 1 });
    expect(await listRevisions(a().leads.db)).toHaveLength(2);

    await addTestAccount(a().leads.db, "editor");
    for (const instance of instances) await instance.editor.signIn("editor@example.com");
  });

  it("a save on A reaches B's working copy by the notification, and not B's published tree", async () => {
    const saved = await a().editor.request("/api/keystatic/update", saveRequest(a().server.url, "content/site.yaml", "phone: +880 2 5555 0111\n"));
    expect(saved.status).toBe(200);
    const ms = await until(join(b().workingDir, "site.yaml"), "phone: +880 2 5555 0111\n");
    console.log(`a save on A reached B's working copy in ${Math.round(ms)} ms`);
    expect(await readFile(join(b().publishedDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
    const [newest] = await listRevisions(a().leads.db);
    expect(await b().follower.cursors()).toEqual({ working: newest!.id, published: newest!.id });
  });

  it("a publish on A reaches B's published tree", async () => {
    const published = await a().editor.request("/keystatic/publish", { form: { all: "1" } });
    expect(published.status).toBe(200);
    await until(join(b().publishedDir, "site.yaml"), "phone: +880 2 5555 0111\n");
    expect(await readFile(join(a().publishedDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0111\n");
    // The publish is a revision of the published tree only: B's working copy is as it was.
    expect(await readFile(join(b().workingDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0111\n");
  });

  it("an instance down during saves catches up at its start, before it serves the studio", async () => {
    await b().following!.stop();
    for (const phone of ["0122", "0123"]) {
      const saved = await a().editor.request("/api/keystatic/update", saveRequest(a().server.url, "content/site.yaml", `phone: +880 2 5555 ${phone}\n`));
      expect(saved.status).toBe(200);
    }
    const faq = await a().editor.request(
      "/api/keystatic/update",
      saveRequest(a().server.url, "content/faq/lead-time.yaml", "question: Lead time?\nanswer: 60 days.\n"),
    );
    expect(faq.status).toBe(200);
    expect(await readFile(join(b().workingDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0111\n");

    // B starts again with the cursor it kept.
    const again = contentFollower({ db: b().leads.db, workingDir: b().workingDir, publishedDir: b().publishedDir, cursorFile: b().cursorFile, log: () => {} });
    b().following = await again.start({ databaseUrl: url, schedule: never });
    expect(b().following!.written).toEqual({ working: 3, published: 0 });
    expect(await readFile(join(b().workingDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0123\n");
    expect(await readFile(join(b().workingDir, "faq", "lead-time.yaml"), "utf8")).toBe("question: Lead time?\nanswer: 60 days.\n");
  });

  it("two saves of one entry at once on A and B over the version both editors saw: one is kept, the other is told (409), nothing lost silently", async () => {
    const shown = gitBlobSha(await readFile(join(a().workingDir, "site.yaml")));
    const answers = await Promise.all(
      instances.map((instance, i) =>
        instance.editor.request(
          "/api/keystatic/update",
          saveRequest(instance.server.url, "content/site.yaml", `phone: +880 2 5555 013${i}\n`, { "content/site.yaml": shown }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 409]);
    const kept = `phone: +880 2 5555 013${statuses.indexOf(200)}\n`;
    for (const instance of instances) await until(join(instance.workingDir, "site.yaml"), kept);
    const [newest] = await listRevisions(a().leads.db);
    expect((await readRevision(a().leads.db, newest!.id))!.files[0]!.afterText).toBe(kept);
  });

  it("two saves of one entry at once on A and B without a seen version: both kept, in order, each one's before the other's after", async () => {
    const before = await readFile(join(a().workingDir, "site.yaml"), "utf8");
    const newestBefore = (await listRevisions(a().leads.db))[0]!.id;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        instances.map((instance, i) =>
          instance.editor.request("/api/keystatic/update", saveRequest(instance.server.url, "content/site.yaml", `phone: +880 2 7777 ${round}${i}\n`)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
    const revisions = (await listRevisions(a().leads.db)).filter((revision) => revision.id > newestBefore).reverse();
    expect(revisions).toHaveLength(6);
    let current = before;
    for (const revision of revisions) {
      const [file] = (await readRevision(a().leads.db, revision.id))!.files;
      expect(file!.beforeText).toBe(current);
      current = file!.afterText!;
    }
    for (const instance of instances) await until(join(instance.workingDir, "site.yaml"), current);
  });

  it("a notification missed (a revision stored without one) is caught by the next poll", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-follow-poll-"));
    const workingDir = join(root, "content");
    // B may still be writing the last test's revisions by rename: its half-written files are not content.
    await cp(b().workingDir, workingDir, { recursive: true, filter: (path) => !path.endsWith(".part") });
    const polls: Array<() => void> = [];
    const schedule: Schedule = (run) => {
      polls.push(run);
      return () => {};
    };
    const follower = contentFollower({ db: b().leads.db, workingDir, cursorFile: join(root, "cursors.json"), log: () => {} });
    const following = await follower.start({ databaseUrl: url, schedule });
    try {
      const before = await readFile(join(workingDir, "site.yaml"), "utf8");
      await recordRevision(a().leads.db, {
        actor: { name: "a test" },
        entry: { kind: "singleton", key: "site", slug: "" },
        action: "update",
        files: [{ path: "content/site.yaml", before: { text: before }, after: { text: "phone: +880 2 5555 0199\n" } }],
        audit: { action: "content.save", detail: {} },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await readFile(join(workingDir, "site.yaml"), "utf8")).toBe(before);
      const due = polls.splice(0);
      expect(due).toHaveLength(1);
      due[0]!();
      await until(join(workingDir, "site.yaml"), "phone: +880 2 5555 0199\n");
      // And it polls again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(polls).toHaveLength(1);
    } finally {
      await following.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("a large photo in the history's rows (decision 0189)", () => {
  let url: string;
  const opened: LeadsDatabase[] = [];
  const roots: string[] = [];
  beforeAll(async () => {
    url = await freshPostgresUrl();
  }, 120_000);
  afterAll(async () => {
    for (const leads of opened) await leads.close();
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  /** An instance's follower on a pool of its own, its working copy holding `files` (path in the tree → text). */
  async function follower(files: Record<string, string>) {
    const leads = await openLeadsDatabase({ databaseUrl: url });
    opened.push(leads);
    const root = await mkdtemp(join(tmpdir(), "ssl-follow-large-"));
    roots.push(root);
    const workingDir = join(root, "content");
    for (const [path, bytes] of Object.entries(files)) {
      await mkdir(join(workingDir, path, ".."), { recursive: true });
      await writeFile(join(workingDir, path), bytes);
    }
    return { leads, workingDir, follower: contentFollower({ db: leads.db, workingDir, cursorFile: join(root, "cursors.json"), log: () => {} }) };
  }

  it(
    "revision zero keeps a photo of the checkout from its file in chunks, and another instance's follower writes it from the rows a chunk at a time: never held whole",
    { timeout: 180_000 },
    async () => {
      const size = 40 * 1024 * 1024;
      const photoPath = "media/gallery/large.png";
      const first = await follower({ "site.yaml": "phone: 1\n" });
      const sha256 = await writeLargeFile(join(first.workingDir, photoPath), size);
      let importing: { stop(): Promise<void> } | undefined;
      const importHeld = await peakLiveBuffersDuring(async () => (importing = await first.follower.start({ databaseUrl: url, schedule: never })), 100);
      await importing!.stop();
      const [kept] = await rows<{ size: number; hashed: string; object_key: string | null }>(
        first.leads.db,
        sql`select size, encode(sha256(bytes), 'hex') as hashed, object_key from content_blobs where sha256 = ${sha256}`,
      );
      expect(kept).toEqual({ size, hashed: sha256, object_key: null });

      const second = await follower({ "site.yaml": "phone: 1\n" });
      let following: { stop(): Promise<void>; written: { working: number; published: number } } | undefined;
      const followHeld = await peakLiveBuffersDuring(async () => (following = await second.follower.start({ databaseUrl: url, schedule: never })), 100);
      await following!.stop();
      expect(following!.written).toEqual({ working: 1, published: 0 });
      expect(await fileSha256(join(second.workingDir, photoPath))).toBe(sha256);
      // Read whole, the import would hold the photo (40 MB) and again as its statement's parameter; the follower, as the select's row.
      expect(importHeld, "held by the import").toBeLessThan(size / 2);
      expect(followHeld, "held by the follower").toBeLessThan(size / 2);
    },
  );
});
