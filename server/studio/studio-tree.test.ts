import { cp, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { withStorage } from "../../studio/storage";
import { peakLiveBuffersDuring, writeLargeFile } from "../../test-support/memory";
import { gitBlobSha, keystaticDecodes } from "./content-saves";
import { createStudio } from "./studio";
import { studioConfig } from "./studio-config";
import { studioFiles, type TreeEntry } from "./studio-files";
import { studioTree } from "./studio-tree";

// Decision 0193: the studio's tree (GET /api/keystatic/tree) is answered by this server, each file
// hashed as a stream and kept while unchanged, with the very bytes Keystatic's own reading gives.

const noCors = { "no-cors": "1" };
const local = { storage: { kind: "local" as const } };

// Each test's project folder (the API's base folder) and its content.
let root = "";
let contentDir = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-studio-tree-"));
  contentDir = join(root, "content");
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A small content beside a large photo: the memory measures' collections, every few ms, would slow a walk of many files down. */
async function writeSmallContent() {
  await mkdir(join(contentDir, "faq"), { recursive: true });
  await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
  await writeFile(join(contentDir, "faq/moq.mdoc"), "---\nquestion: What is the minimum order?\norder: 1\n---\nIt depends.\n");
}

describe("the studio's tree, answered without reading the photos whole", () => {
  /** GET /api/keystatic/tree from this machine, as the studio asks for it. */
  const studioTreeRoute = () => {
    const { app } = createStudio({ config: studioConfig, storage: local, contentDir, studioDir: join(root, "studio"), access: {} });
    return async () => {
      const response = await app.request(
        "http://localhost:3000/api/keystatic/tree",
        { headers: noCors },
        {
          incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("cache-control")).toBe("no-store");
      return response.text();
    };
  };

  /** What Keystatic's own local API answers for the same folder, cut to the studio's files as the server always did. */
  const keystaticTree = async () => {
    const api = makeGenericAPIRouteHandler({ config: withStorage(studioConfig, local.storage), localBaseDirectory: root });
    const result = await api(new Request("http://localhost:3000/api/keystatic/tree", { headers: noCors }));
    expect(result.status).toBe(200);
    return JSON.stringify(studioFiles(studioConfig).visible(JSON.parse(result.body as string) as TreeEntry[]));
  };

  it("gives byte for byte Keystatic's tree of the fixture content: .gitignore files, names it never lists, files changed since", async () => {
    await cp(fixtureContentDir, contentDir, { recursive: true });
    // The project's own rules beside the content, and one in the content: what they leave out changes the folders' hashes.
    await writeFile(join(root, ".gitignore"), "node_modules/\n/build/\n*.log\ndata/\n");
    await writeFile(join(root, "package.json"), "{}");
    await writeFile(join(contentDir, ".gitignore"), "*.draft\n");
    await writeFile(join(contentDir, "faq/notes.log"), "left out by the project's *.log");
    await writeFile(join(contentDir, "faq/answer.draft"), "left out by the content's *.draft");
    await mkdir(join(contentDir, "faq/data"), { recursive: true });
    await writeFile(join(contentDir, "faq/data/kept.yaml"), "left out by the project's data/");
    await mkdir(join(contentDir, "media/gallery/node_modules"), { recursive: true });
    await writeFile(join(contentDir, "media/gallery/node_modules/x.js"), "never listed");
    await mkdir(join(contentDir, "media/gallery/empty"), { recursive: true });
    await writeFile(join(contentDir, "faq/größe.mdoc"), "---\nquestion: Größe?\n---\n");
    await symlink(join(contentDir, "site.yaml"), join(contentDir, "site-link.yaml"));

    const ours = studioTreeRoute();
    const first = await ours();
    expect(JSON.parse(first)).toContainEqual(expect.objectContaining({ path: "content/faq/größe.mdoc", type: "blob" }));
    expect(first).toBe(await keystaticTree());

    // A file changed, one added, one deleted: each reading is Keystatic's again.
    await writeFile(join(contentDir, "site.yaml"), "changed: yes\n");
    await utimes(join(contentDir, "site.yaml"), new Date("2031-01-01T00:00:00Z"), new Date("2031-01-01T00:00:00Z"));
    await writeFile(join(contentDir, "faq/new.mdoc"), "---\nquestion: New?\n---\n");
    await rm(join(contentDir, "faq/größe.mdoc"));
    const second = await ours();
    expect(second).not.toBe(first);
    expect(second).toBe(await keystaticTree());

    // Same size, same time: the kept hash stands, the file is not read again (Keystatic's reading, which reads it, differs).
    await writeFile(join(contentDir, "site.yaml"), "changed: no!\n");
    await utimes(join(contentDir, "site.yaml"), new Date("2031-01-01T00:00:00Z"), new Date("2031-01-01T00:00:00Z"));
    expect(await ours()).toBe(second);
    expect(await keystaticTree()).not.toBe(second);
  }, 60_000);

  it("hashes a 40 MB photo as a stream: neither the first reading nor the next holds it", async () => {
    await writeSmallContent();
    const ours = studioTreeRoute();
    // The route's first answer before the photo: what loading the modules holds is not in the measure.
    await ours();
    const size = 40 * 1024 * 1024;
    await writeLargeFile(join(contentDir, "media/gallery/large.png"), size);
    let first = "";
    const firstHeld = await peakLiveBuffersDuring(async () => (first = await ours()), 10);
    let again = "";
    const againHeld = await peakLiveBuffersDuring(async () => (again = await ours()), 10);
    expect(JSON.parse(first)).toContainEqual(expect.objectContaining({ path: "content/media/gallery/large.png", type: "blob" }));
    expect(first).toBe(await keystaticTree());
    expect(again).toBe(first);
    // Read whole, as Keystatic reads it, the photo is held while it is hashed (41.9 MB in decision 0189).
    expect(firstHeld, "held by the first reading").toBeLessThan(size / 2);
    expect(againHeld, "held by the reading after").toBeLessThan(size / 2);
  }, 120_000);
});

describe("a studio save, written and answered here as Keystatic's update answers it (decision 0200)", () => {
  const peer = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };
  type Body = { additions: Array<{ path: string; contents: string }>; deletions: Array<{ path: string }> };
  const update = (body: Body) => ({ method: "POST", headers: { ...noCors, "content-type": "application/json" }, body: JSON.stringify(body) });

  /** POST /api/keystatic/update from this machine, as the studio sends a save. */
  const studioSaveRoute = () => {
    const { app } = createStudio({ config: studioConfig, storage: local, contentDir, studioDir: join(root, "studio"), access: {} });
    return (body: Body) => app.request("http://localhost:3000/api/keystatic/update", update(body), peer);
  };

  it("writes what the save adds, changes and deletes, and answers byte for byte what Keystatic's own update answers for the same save", async () => {
    await cp(fixtureContentDir, contentDir, { recursive: true });
    // The same save on a second copy, by Keystatic's own local API.
    const other = join(root, "keystatic");
    await cp(fixtureContentDir, join(other, "content"), { recursive: true });
    const photo = "content/media/gallery/men/tshirt/photos/2/image.webp";
    const otherPhoto = await readFile(join(fixtureContentDir, "media/gallery/nontextile/basket/photos/0/image.webp"));
    const text = (value: string) => Buffer.from(value).toString("base64url");
    const body: Body = {
      additions: [
        { path: "content/faq/lead-time.mdoc", contents: text("---\nquestion: What is your lead time?\norder: 2\n---\nSix weeks from the order.\n") },
        { path: "content/faq/samples.mdoc", contents: text("---\nquestion: Do you send samples?\norder: 9\n---\nYes, within a week.\n") },
        { path: photo, contents: otherPhoto.toString("base64url") },
      ],
      deletions: [{ path: "content/faq/what-kind-of-company.mdoc" }],
    };

    const ours = await studioSaveRoute()(body);
    const answer = await ours.text();
    expect(ours.status, answer).toBe(200);
    expect(ours.headers.get("content-type")).toBe("application/json");
    const api = makeGenericAPIRouteHandler({ config: withStorage(studioConfig, local.storage), localBaseDirectory: other });
    const keystatic = await api(new Request("http://localhost:3000/api/keystatic/update", update(body)));
    expect(keystatic.status).toBe(200);
    expect(answer).toBe(JSON.stringify(studioFiles(studioConfig).visible(JSON.parse(keystatic.body as string) as TreeEntry[])));

    const paths = (JSON.parse(answer) as TreeEntry[]).map((entry) => entry.path);
    expect(paths).toContain("content/faq/samples.mdoc");
    expect(paths).not.toContain("content/faq/what-kind-of-company.mdoc");
    expect(await readFile(join(contentDir, "faq/lead-time.mdoc"), "utf8")).toContain("Six weeks from the order.");
    expect((await readFile(join(root, photo))).equals(otherPhoto)).toBe(true);
  }, 60_000);

  it("holds far less than a 40 MB photo in the content while saving another file", async () => {
    await writeSmallContent();
    const save = studioSaveRoute();
    const moq = (answer: string) => ({
      additions: [
        { path: "content/faq/moq.mdoc", contents: Buffer.from(`---\nquestion: What is the minimum order?\norder: 1\n---\n${answer}\n`).toString("base64url") },
      ],
      deletions: [],
    });
    // A first save before the photo: what loading the modules holds is not in the measure.
    expect((await save(moq("Five hundred pieces."))).status).toBe(200);
    const size = 40 * 1024 * 1024;
    await writeLargeFile(join(contentDir, "media/gallery/large.png"), size);
    let saved: Response | undefined;
    // A look every 50 ms, not 10: each collection here takes tens of milliseconds, and a photo read whole is held far longer.
    const held = await peakLiveBuffersDuring(async () => (saved = await save(moq("A thousand pieces."))), 50);
    expect(saved!.status).toBe(200);
    expect(JSON.parse(await saved!.text())).toContainEqual(expect.objectContaining({ path: "content/media/gallery/large.png", type: "blob" }));
    expect(await readFile(join(contentDir, "faq/moq.mdoc"), "utf8")).toContain("A thousand pieces.");
    // Keystatic's update read every file whole to answer: the photo was held (41.9 MB in decision 0189).
    expect(held, "held by the save").toBeLessThan(size / 2);
  }, 120_000);

  it("takes the contents Keystatic's update decodes, and reads them as the same bytes", () => {
    // Keystatic's own decoding (its base64UrlDecode): atob after "-" and "_" are read as "+" and "/".
    const keystaticBytes = (contents: string) => Buffer.from(atob(contents.replace(/-/g, "+").replace(/_/g, "/")), "latin1");
    const alphabet = "Aa0+/-_= \t\n\r\f\u00a0!.";
    let state = 200;
    const random = (below: number) => (state = (state * 1103515245 + 12345) & 0x7fffffff) % below;
    const samples = ["", "ab", "abc", "ab==", "ab=", "abc=", "abc==", "a===", "ab=c", "a", " a b c d ", "-_-_", "QQ", "QR", "QQ\n=="];
    for (let i = 0; i < 2000; i++) samples.push(Array.from({ length: random(10) }, () => alphabet[random(alphabet.length)]).join(""));
    for (const contents of samples) {
      let expected: Buffer | undefined;
      try {
        expected = keystaticBytes(contents);
      } catch {
        expected = undefined;
      }
      expect(keystaticDecodes(contents), JSON.stringify(contents)).toBe(expected !== undefined);
      if (expected) expect(Buffer.from(contents, "base64url").equals(expected), JSON.stringify(contents)).toBe(true);
    }
  });

  it("hashes again a file a save says it wrote, though its size and time are unchanged", async () => {
    await mkdir(join(contentDir, "faq"), { recursive: true });
    await writeFile(join(contentDir, "site.yaml"), "phone: 1\n");
    const tree = studioTree(root, studioFiles(studioConfig).roots);
    const sha = async () => (await tree.read()).find((entry) => entry.path === "content/site.yaml")?.sha;
    const first = await sha();
    const time = new Date("2031-01-01T00:00:00Z");
    await utimes(join(contentDir, "site.yaml"), time, time);
    expect(await sha()).toBe(first);
    // Rewritten within one tick of the file system's clock: the same size and time.
    await writeFile(join(contentDir, "site.yaml"), "phone: 2\n");
    await utimes(join(contentDir, "site.yaml"), time, time);
    expect(await sha()).toBe(first);
    tree.forget(["content/site.yaml"]);
    expect(await sha()).toBe(gitBlobSha(Buffer.from("phone: 2\n")));
  });
});
