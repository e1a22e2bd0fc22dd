import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { createApp } from "../app";
import { studioRequestBodyLimitBytes } from "../platform/security-headers";
import { localBaseDirectory } from "./studio";
import { testStudioConfig } from "../../test-support/studio-config";
import { pathInContent } from "./upload-limits";

let root: string;
let contentDir: string;
let outsideDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-studio-limits-"));
  await mkdir(join(root, "build/client"), { recursive: true });
  await mkdir(join(root, "build/studio"), { recursive: true });
  await writeFile(join(root, "build/client/index.html"), "<h1>Home</h1>");
  contentDir = join(root, "content");
  outsideDir = join(root, "outside");
});

beforeEach(async () => {
  for (const dir of [contentDir, outsideDir]) await rm(dir, { recursive: true, force: true });
  await mkdir(join(contentDir, "media/gallery"), { recursive: true });
  await mkdir(outsideDir);
  await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A small body cap, so the tests need not send 64 MB; the real one is studioRequestBodyLimitBytes. */
const testBodyLimit = 16 * 1024 * 1024;

function request(init: RequestInit) {
  const app = createApp({
    clientDir: join(root, "build/client"),
    cspHashes: {},
    studio: {
      config: testStudioConfig,
      storage: { storage: { kind: "local" } },
      contentDir,
      studioDir: join(root, "build/studio"),
      access: {},
      bodyLimitBytes: testBodyLimit,
    },
  });
  return app.request("http://localhost:3000/api/keystatic/update", init, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
}

type Addition = { path: string; bytes: Buffer | string };

const saveInit = (additions: Addition[], deletions: string[] = []): RequestInit => ({
  method: "POST",
  headers: { "no-cors": "1", "content-type": "application/json" },
  body: JSON.stringify({
    additions: additions.map(({ path, bytes }) => ({ path, contents: Buffer.from(bytes).toString("base64url") })),
    deletions: deletions.map((path) => ({ path })),
  }),
});

/** A file that starts as a real JPEG/PNG/GIF does (magic bytes), padded to `size` bytes. */
const fileOf = (magic: number[], size: number) => Buffer.concat([Buffer.from(magic), Buffer.alloc(size - magic.length, 7)]);
const jpeg = (size: number) => fileOf([0xff, 0xd8, 0xff, 0xe0], size);
// A PNG's signature, then its chunks: a header (IHDR, 13 bytes and a CRC), then image data (IDAT).
const png = (size: number) =>
  fileOf(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(17).fill(0), 0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54],
    size,
  );
const webp = (size: number) => fileOf([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], size);
const gif = (size: number) => fileOf([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size);
const MB = 1024 * 1024;

const item = (photo: string) => ({ path: "content/photos/hoodie.yaml", bytes: `title: Hoodie\nphoto: ${photo}\n` });

async function writtenFiles() {
  return (await readdir(contentDir, { recursive: true })).sort();
}

describe("a studio save with photos", () => {
  it("writes a normal save: a 9 MB JPEG, a PNG and a WebP with their entry", async () => {
    const response = await request(
      saveInit([
        { path: "content/media/gallery/hoodie/photo.jpg", bytes: jpeg(9 * MB) },
        { path: "content/media/gallery/hoodie/side.PNG", bytes: png(2000) },
        { path: "content/media/gallery/hoodie/back.webp", bytes: webp(2000) },
        item("/media/gallery/hoodie/photo.jpg"),
      ]),
    );
    expect(response.status).toBe(200);
    expect((await readFile(join(contentDir, "media/gallery/hoodie/photo.jpg"))).byteLength).toBe(9 * MB);
    expect(await readFile(join(contentDir, "photos/hoodie.yaml"), "utf8")).toContain("photo: /media/gallery/hoodie/photo.jpg");
  }, 30_000); // Keystatic decodes the 12 MB of base64 in JavaScript: seconds on a busy machine

  it("refuses a GIF under media/, naming the file, and writes nothing of the save", async () => {
    const before = await writtenFiles();
    const response = await request(saveInit([item("/media/gallery/hoodie/photo.gif"), { path: "content/media/gallery/hoodie/photo.gif", bytes: gif(3000) }]));
    expect(response.status).toBe(422);
    expect(await response.text()).toBe("content/media/gallery/hoodie/photo.gif must be a JPEG, PNG or WebP photo (this file is .gif). Nothing was saved.");
    expect(await writtenFiles()).toEqual(before);
  });

  it("refuses an 11 MB JPEG under media/, naming the file and the limit, and writes nothing", async () => {
    const before = await writtenFiles();
    const response = await request(saveInit([item("/media/gallery/hoodie/big.jpg"), { path: "content/media/gallery/hoodie/big.jpg", bytes: jpeg(11 * MB) }]));
    expect(response.status).toBe(422);
    expect(await response.text()).toBe("content/media/gallery/hoodie/big.jpg is 11.0 MB: a photo may be at most 10.0 MB. Nothing was saved.");
    expect(await writtenFiles()).toEqual(before);
  });

  it("refuses a GIF renamed .jpg (the bytes decide, not the name)", async () => {
    const response = await request(saveInit([{ path: "content/media/gallery/hoodie/photo.jpg", bytes: gif(3000) }]));
    expect(response.status).toBe(422);
    expect(await response.text()).toBe(
      "content/media/gallery/hoodie/photo.jpg is named .jpg but is not a JPEG, PNG or WebP photo: export it again as JPEG, PNG or WebP. Nothing was saved.",
    );
    expect(existsSync(join(contentDir, "media/gallery/hoodie"))).toBe(false);
  });

  it("takes a certificate record's PDF under media/certificates/, and refuses a file that only says it is one", async () => {
    const pdf = fileOf([0x25, 0x50, 0x44, 0x46, 0x2d], 4000);
    const record = (name: string) => ({ path: `content/certificates/${name}.yaml`, bytes: `name: ${name}\nfile: /media/certificates/${name}/file.pdf\n` });
    const saved = await request(saveInit([record("gots"), { path: "content/media/certificates/gots/file.pdf", bytes: pdf }]));
    expect(saved.status).toBe(200);
    expect((await readFile(join(contentDir, "media/certificates/gots/file.pdf"))).byteLength).toBe(4000);
    const renamed = await request(saveInit([record("wrap"), { path: "content/media/certificates/wrap/file.pdf", bytes: gif(3000) }]));
    expect(renamed.status).toBe(422);
    expect(await renamed.text()).toBe("content/media/certificates/wrap/file.pdf is named .pdf but is not a PDF, JPEG or PNG file. Nothing was saved.");
    const pdfInGallery = await request(saveInit([{ path: "content/media/gallery/hoodie/sheet.pdf", bytes: pdf }]));
    expect(pdfInGallery.status).toBe(422);
  });

  it("refuses a PNG named .jpg", async () => {
    const response = await request(saveInit([{ path: "content/media/gallery/hoodie/photo.jpg", bytes: png(3000) }]));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("content/media/gallery/hoodie/photo.jpg is named .jpg but is a PNG file");
  });
});

describe("the studio's body limit", () => {
  it("is 64 MB, which nginx's studio location is generated from", () => {
    expect(studioRequestBodyLimitBytes).toBe(64 * MB);
  });

  it("answers a larger body with 413 and the reason, writing nothing", async () => {
    const before = await writtenFiles();
    const response = await request(saveInit([{ path: "content/media/gallery/a.jpg", bytes: jpeg(testBodyLimit) }]));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("This save is larger than the studio takes (16.0 MB per save): save fewer or smaller photos at a time.");
    expect(await writtenFiles()).toEqual(before);
  });

  it("counts the bytes of a body sent without Content-Length", async () => {
    const chunk = new Uint8Array(MB);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await request({ method: "POST", headers: { "no-cors": "1", "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe("paths outside the content folder", () => {
  const escapes = ["content/../package.json", "../outside/x.yaml", "/etc/passwd", "content/media/../../outside/x.jpg", "content\\..\\x.yaml", "package.json"];

  const keystaticUpdate = (init: RequestInit) =>
    makeGenericAPIRouteHandler({ config: testStudioConfig, localBaseDirectory: localBaseDirectory(contentDir, testStudioConfig) })(
      new Request("http://localhost/api/keystatic/update", init),
    );

  it.each(escapes)("Keystatic itself refuses %s (400)", async (path) => {
    expect((await keystaticUpdate(saveInit([{ path, bytes: "x" }]))).status).toBe(400);
  });

  it.each(escapes)("the server refuses %s with 400, naming it", async (path) => {
    const response = await request(saveInit([{ path, bytes: "x" }]));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`${JSON.stringify(path)} is outside the content folder`);
    expect(await readdir(outsideDir)).toEqual([]);
  });

  it("refuses a save through a folder in content/ that links elsewhere (Keystatic would follow it)", async () => {
    await symlink(outsideDir, join(contentDir, "photos"));
    const save = () => saveInit([{ path: "content/photos/hoodie.yaml", bytes: "title: Hoodie\n" }]);
    const response = await request(save());
    expect(response.status).toBe(400);
    expect(await readdir(outsideDir)).toEqual([]);
    // Keystatic alone checks only the path's text, and writes through the link:
    expect((await keystaticUpdate(save())).status).toBe(200);
    expect(await readdir(outsideDir)).toEqual(["hoodie.yaml"]);
  });

  it("refuses a deletion outside too", async () => {
    await writeFile(join(outsideDir, "keep.txt"), "keep");
    const response = await request(saveInit([], ["content/../outside/keep.txt"]));
    expect(response.status).toBe(400);
    expect(await readdir(outsideDir)).toEqual(["keep.txt"]);
  });

  it("places paths relative to CONTENT_DIR", () => {
    expect(pathInContent("content/media/gallery/a.jpg", root, contentDir)).toBe("media/gallery/a.jpg");
    expect(pathInContent("content", root, contentDir)).toBeUndefined();
    expect(pathInContent("content/a\0.yaml", root, contentDir)).toBeUndefined();
  });
});

describe("a malformed save", () => {
  it.each([
    ["not JSON", "{", "This save is not JSON."],
    ["no deletions", JSON.stringify({ additions: [] }), "This save is not a Keystatic save"],
    ["contents not text", JSON.stringify({ additions: [{ path: "content/site.yaml", contents: 5 }], deletions: [] }), "This save is not a Keystatic save"],
  ])("answers %s with 400 and the reason", async (_name, body, reason) => {
    const response = await request({ method: "POST", headers: { "no-cors": "1", "content-type": "application/json" }, body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
  });
});
