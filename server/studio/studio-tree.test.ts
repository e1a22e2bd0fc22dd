import { cp, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { withStorage } from "../../studio/storage";
import { peakLiveBuffersDuring, writeLargeFile } from "../../test-support/memory";
import { createStudio } from "./studio";
import { studioConfig } from "./studio-config";
import { studioFiles, type TreeEntry } from "./studio-files";

// Decision 0193: the studio's tree (GET /api/keystatic/tree) is answered by this server, each file
// hashed as a stream and kept while unchanged, with the very bytes Keystatic's own reading gives.

const noCors = { "no-cors": "1" };
const local = { storage: { kind: "local" as const } };

describe("the studio's tree, answered without reading the photos whole", () => {
  let root = "";
  let contentDir = "";
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-studio-tree-"));
    contentDir = join(root, "content");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

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
    // A small content beside the photo: the measure's collections, every 10 ms, would slow a walk of many files down.
    await mkdir(join(contentDir, "faq"), { recursive: true });
    await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
    await writeFile(join(contentDir, "faq/moq.mdoc"), "---\nquestion: What is the minimum order?\n---\nIt depends.\n");
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
