import { mkdir, mkdtemp, readdir, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { noteServing, releasesInUse } from "./releases-in-use";
import { afterSwap, oneBuildAtATime, siteBuilder, summary } from "./site-build";
import { BuildFailure } from "./publish-queue";
import { publishStatusHtml } from "./status-page";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("site build", () => {
  it("builds into a fresh release folder with BUILD_DIR and CONTENT_DIR, and reads its CSP hashes", async () => {
    dir = await mkdtemp(join(tmpdir(), "ssl-publish-"));
    const script = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR;fs.mkdirSync(p.join(d,"client"),{recursive:true});fs.mkdirSync(p.join(d,"security"));fs.writeFileSync(p.join(d,"security/csp-hashes.json"),JSON.stringify({"/index.html":{scripts:["sha256-x"],styles:[]}}));console.log("content from "+process.env.CONTENT_DIR)`;
    const build = siteBuilder({ projectDir: dir, releasesDir: join(dir, "releases"), contentDir: "/srv/content", command: [process.execPath, "-e", script] });
    const first = await build();
    expect(first.release.clientDir).toBe(join(dir, "releases", first.id, "client"));
    expect(first.release.cspHashes).toEqual({ "/index.html": { scripts: ["sha256-x"], styles: [] } });
    expect(first.output).toContain("content from /srv/content");
    const second = await build();
    expect(second.id).not.toBe(first.id);
  });

  it("fails with the build's output and removes the half-built folder", async () => {
    dir = await mkdtemp(join(tmpdir(), "ssl-publish-"));
    const script = `console.log("building");console.error("Error: content/site.yaml: phone: must not be empty");process.exit(1)`;
    const build = siteBuilder({ projectDir: dir, releasesDir: join(dir, "releases"), contentDir: "/srv/content", command: [process.execPath, "-e", script] });
    const failure = await build().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).message).toContain("content/site.yaml: phone: must not be empty");
    expect((failure as BuildFailure).output).toContain("building");
    expect(await readdir(join(dir, "releases"))).toEqual([]);
  });

  it("builds of two queues (the site's, the preview's) take turns in the order asked; a failed one does not hold up the next", async () => {
    const inTurn = oneBuildAtATime();
    const started: string[] = [];
    const ends = new Map<string, { finish: () => void; fail: () => void }>();
    const build = (name: string) => () =>
      new Promise<string>((resolve, reject) => {
        started.push(name);
        ends.set(name, { finish: () => resolve(name), fail: () => reject(new BuildFailure(`${name} failed`, "")) });
      });
    const site = inTurn(build("site"));
    const preview = inTurn(build("preview"));
    const again = inTurn(build("site again"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["site"]);
    ends.get("site")!.fail();
    await expect(site).rejects.toThrow("site failed");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["site", "preview"]);
    ends.get("preview")!.finish();
    expect(await preview).toBe("preview");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["site", "preview", "site again"]);
    ends.get("site again")!.finish();
    expect(await again).toBe("site again");
  });

  it("summary picks the line naming a content file", () => {
    expect(summary("vite v7\n✓ 120 modules\nContent error: content/faq/moq.yaml: answer: Required\n    at validate (x.ts:1)\n")).toBe(
      "Content error: content/faq/moq.yaml: answer: Required",
    );
    expect(summary("a\nTypeError: boom\n  at x")).toBe("TypeError: boom");
  });

  it("afterSwap points current at the live release and keeps only the one before it", async () => {
    dir = await mkdtemp(join(tmpdir(), "ssl-publish-"));
    const ids = ["2026-01-01T00-00-01-000Z", "2026-01-01T00-00-02-000Z", "2026-01-01T00-00-03-000Z", "2026-01-01T00-00-04-000Z"];
    for (const id of ids) await mkdir(join(dir, id));
    await writeFile(join(dir, "notes.txt"), "kept");
    await afterSwap(dir, ids[2]!);
    expect(await readlink(join(dir, "current"))).toBe(ids[2]);
    expect((await readdir(dir)).sort()).toEqual([ids[1], ids[2], ids[3], "current", "notes.txt"].sort());
    await afterSwap(dir, ids[3]!);
    expect(await readlink(join(dir, "current"))).toBe(ids[3]);
  });

  it("afterSwap keeps every release another live server serves, and forgets the servers that are gone", async () => {
    dir = await mkdtemp(join(tmpdir(), "ssl-publish-"));
    const ids = ["2026-01-01T00-00-01-000Z", "2026-01-01T00-00-02-000Z", "2026-01-01T00-00-03-000Z", "2026-01-01T00-00-04-000Z", "2026-01-01T00-00-05-000Z"];
    for (const id of ids) await mkdir(join(dir, id, "client"), { recursive: true });
    // A second instance started on the first release and is still serving it; one that served the second has exited.
    const gone = Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
    noteServing(dir, join(dir, ids[0]!, "client"));
    noteServing(dir, join(dir, ids[1]!, "client"), gone);
    await afterSwap(dir, ids[4]!);
    expect((await readdir(dir)).filter((name) => name.startsWith("2026")).sort()).toEqual([ids[0], ids[3], ids[4]]);
    expect([...releasesInUse(dir)]).toEqual([ids[0]]);
    expect(await readdir(join(dir, ".serving"))).toEqual([String(process.pid)]);
  });
});

describe("status page", () => {
  it("shows a failed publish, its reason and output, escaped", () => {
    const html = publishStatusHtml(
      {
        phase: "idle",
        queued: false,
        last: {
          ok: false,
          changes: ["site.yaml"],
          startedAt: "2026-11-23T16:40:00.000Z",
          finishedAt: "2026-11-23T16:40:11.000Z",
          durationMs: 11_000,
          output: "content/site.yaml: phone: <empty>",
          error: "content/site.yaml: phone: <empty>",
        },
      },
      "n0nce",
    );
    expect(html).toContain("The last publish failed: the site still shows the version before it.");
    expect(html).toContain("<strong>What went wrong:</strong> content/site.yaml: phone: &lt;empty&gt;");
    expect(html).toContain("11.0 s");
    expect(html).toContain('<style nonce="n0nce">');
    expect(html).not.toContain("<empty>");
  });

  it("refreshes itself while a publish is under way", () => {
    expect(publishStatusHtml({ phase: "building", queued: true }, "n")).toContain('http-equiv="refresh"');
    expect(publishStatusHtml({ phase: "idle", queued: false }, "n")).not.toContain('http-equiv="refresh"');
  });

  it("says when the preview shows the publishing server's build, from which content (decision 0178)", () => {
    const tree = "3f9a1c07be52d4e8aa01c2b3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6b";
    const html = publishStatusHtml({ phase: "idle", queued: false }, "n", {
      phase: "idle",
      queued: false,
      followed: { tree, builtAt: "2026-12-07T03:41:27.512Z" },
    });
    expect(html).toContain(
      "The preview shows the publishing server&#39;s build of the saves as they were at 2026-12-07 03:41 UTC (content 3f9a1c07be52); a newer save shows once that server has built it.",
    );
    expect(publishStatusHtml({ phase: "idle", queued: false }, "n", { phase: "idle", queued: false })).toContain("The preview is ready: it shows every save.");
  });
});
