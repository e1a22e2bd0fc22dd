import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { peakLiveBuffersDuring, writeLargeFile } from "../../test-support/memory";
import { contentTreeHash } from "./content-tree";
import { differingPaths, treeFile, treeReader, writeTreeFiles } from "./published-tree";

// The two trees of decision 0159, as files: read as path → SHA-256, compared, written by rename.

describe("the published tree's files", () => {
  let root = "";
  let tree = "";
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-tree-"));
    tree = join(root, "published", "content");
    await mkdir(join(tree, "faq"), { recursive: true });
    await writeFile(join(tree, "site.yaml"), "phone: 1\n");
    await writeFile(join(tree, "faq/moq.yaml"), "question: MOQ?\n");
    await writeFile(join(tree, "faq/.moq.yaml.swp"), "editor dropping");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("reads a tree as paths from its parent, without editor droppings, and hashes a file again only when it changed", async () => {
    const filesOf = treeReader();
    const first = await filesOf(tree);
    expect([...first.keys()].sort()).toEqual(["content/faq/moq.yaml", "content/site.yaml"]);
    // Same size, same time: the kept hash stands (the bytes are not read again).
    const time = new Date("2026-12-01T00:00:00Z");
    await utimes(join(tree, "site.yaml"), time, time);
    const before = await filesOf(tree);
    await writeFile(join(tree, "site.yaml"), "phone: 2\n");
    await utimes(join(tree, "site.yaml"), time, time);
    expect((await filesOf(tree)).get("content/site.yaml")).toBe(before.get("content/site.yaml"));
    await utimes(join(tree, "site.yaml"), new Date(), new Date());
    expect((await filesOf(tree)).get("content/site.yaml")).not.toBe(before.get("content/site.yaml"));
    expect(await filesOf(join(root, "missing", "content"))).toEqual(new Map());
  });

  it("hashes a tree with a large photo as a stream: neither the drafts' listing nor the tree's hash holds the photo (decision 0189)", async () => {
    const size = 40 * 1024 * 1024;
    const sha256 = await writeLargeFile(join(tree, "media/large.png"), size);
    let listed = new Map<string, string>();
    const listHeld = await peakLiveBuffersDuring(async () => (listed = await treeReader()(tree)), 10);
    expect(listed.get("content/media/large.png")).toBe(sha256);
    let hashed = "";
    const hashHeld = await peakLiveBuffersDuring(async () => (hashed = await contentTreeHash(tree)), 10);
    // The tree's hash as decision 0159 defines it: each file's path and SHA-256, in path order.
    const line = (path: string) => `${path}\0${listed.get(`content/${path}`)}\n`;
    expect(hashed).toBe(createHash("sha256").update(["faq/moq.yaml", "media/large.png", "site.yaml"].map(line).join("")).digest("hex"));
    // Read whole, each would hold the photo (40 MB) while it is hashed.
    expect(listHeld, "held by the listing").toBeLessThan(size / 2);
    expect(hashHeld, "held by the tree's hash").toBeLessThan(size / 2);
  });

  it("lists the paths that differ: in one tree only, or with other bytes", () => {
    const working = new Map([
      ["content/site.yaml", "a"],
      ["content/faq/new.yaml", "n"],
      ["content/faq/moq.yaml", "same"],
    ]);
    const published = new Map([
      ["content/site.yaml", "b"],
      ["content/faq/moq.yaml", "same"],
      ["content/faq/old.yaml", "o"],
    ]);
    expect(differingPaths(working, published)).toEqual(["content/faq/new.yaml", "content/faq/old.yaml", "content/site.yaml"]);
  });

  it("writes and deletes files, removes a folder a deletion leaves empty, and refuses a path outside the tree", async () => {
    await writeTreeFiles(tree, [
      { path: "content/site.yaml", bytes: Buffer.from("phone: 3\n") },
      { path: "content/jobs/cutter.yaml", bytes: Buffer.from("title: Cutter\n") },
      { path: "content/faq/moq.yaml", bytes: null },
    ]);
    expect(await readFile(join(tree, "site.yaml"), "utf8")).toBe("phone: 3\n");
    expect((await treeFile(tree, "content/jobs/cutter.yaml"))?.toString()).toBe("title: Cutter\n");
    expect(await treeFile(tree, "content/faq/moq.yaml")).toBeNull();
    // The swap file is not content, but it is a file: the folder stays.
    expect(existsSync(join(tree, "faq"))).toBe(true);
    await rm(join(tree, "faq/.moq.yaml.swp"));
    await writeTreeFiles(tree, [{ path: "content/jobs/cutter.yaml", bytes: null }]);
    expect(existsSync(join(tree, "jobs"))).toBe(false);
    await expect(writeTreeFiles(tree, [{ path: "content/../outside.yaml", bytes: Buffer.from("x") }])).rejects.toThrow("is not in");
    expect(existsSync(join(root, "published", "outside.yaml"))).toBe(false);
  });
});
