import { spawn, type ChildProcess } from "node:child_process";
import { lstat, mkdir, readdir, rename, rm, symlink } from "node:fs/promises";
import { join, relative } from "node:path";
import { inheritedEnvironment } from "../../app/lib/contracts/environment.server";
import { readServedSite, type ServedSite } from "../platform/live-site";
import { BuildFailure, type BuildResult } from "./publish-queue";
import { releasesInUse } from "./releases-in-use";

export type SiteBuildOptions = {
  /** The project (package.json, app/, scripts/). */
  projectDir: string;
  /** Where each publish builds, one fresh folder per build: build/releases/<id>. */
  releasesDir: string;
  /** The content the build reads (CONTENT_DIR). */
  contentDir: string;
  /** The command that builds the site into $BUILD_DIR; `npm run build:site` by default. */
  command?: readonly string[];
  env?: NodeJS.ProcessEnv;
};

/** A release id that sorts by time: 2026-11-23T16-40-05-123Z. */
export function releaseId(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/**
 * Runs one site build into a fresh release folder; the live build is never written to.
 * `stop()` ends a running build with everything it started (its own process group).
 */
export function siteBuilder({ projectDir, releasesDir, contentDir, command = ["npm", "run", "build:site"], env = inheritedEnvironment() }: SiteBuildOptions) {
  let running: ChildProcess | undefined;
  const build = async (): Promise<BuildResult<ServedSite>> => {
    const id = releaseId();
    const dir = join(releasesDir, id);
    await mkdir(dir, { recursive: true });
    await reachNodeModules(projectDir, releasesDir);
    const output = await new Promise<string>((resolve, reject) => {
      const chunks: string[] = [];
      const child = spawn(command[0]!, command.slice(1), {
        cwd: projectDir,
        env: { ...env, BUILD_DIR: dir, CONTENT_DIR: contentDir, FORCE_COLOR: "0", NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      running = child;
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
      child.on("error", (error) => reject(new BuildFailure(`could not start ${command.join(" ")}: ${error.message}`, "")));
      child.on("close", (code) => {
        running = undefined;
        const text = chunks.join("");
        if (code === 0) resolve(text);
        else reject(new BuildFailure(`${command.join(" ")} exited with code ${code}: ${summary(text)}`, text));
      });
    }).catch(async (error: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw error;
    });
    const clientDir = join(dir, "client");
    return { id, release: readServedSite(clientDir), output };
  };
  return Object.assign(build, {
    stop() {
      if (running?.pid) {
        try {
          process.kill(-running.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
    },
  });
}

/**
 * Builds of several queues (the public site's, the preview's: decision 0159) one after another, in
 * the order asked: the machine builds one site at a time. A failed build does not hold up the next.
 */
export function oneBuildAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(build: () => Promise<T>): Promise<T> => {
    const next = last.then(build, build);
    last = next.catch(() => {});
    return next;
  };
}

/**
 * The prerender step imports the built server code, which finds react & co. by walking up from the
 * build folder: a releases folder outside the project (a test's temp copy) gets a node_modules link
 * (once: the link itself is looked for, so one whose target is missing does not fail the next build).
 */
async function reachNodeModules(projectDir: string, releasesDir: string) {
  const inside = !relative(projectDir, releasesDir).startsWith("..");
  const link = join(releasesDir, "node_modules");
  if (
    inside ||
    (await lstat(link).then(
      () => true,
      () => false,
    ))
  )
    return;
  await symlink(join(projectDir, "node_modules"), link, "dir");
}

/** The line of a failed build's output that says what is wrong (a content error names file and field). */
export function summary(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const named = lines.find((line) => /content\/\S+/.test(line) && /error|invalid|required|expected|must/i.test(line));
  const error = named ?? lines.find((line) => /^(\w*Error|error)\b/i.test(line)) ?? lines.at(-1) ?? "no output";
  return error.length > 300 ? `${error.slice(0, 300)}…` : error;
}

/**
 * After a swap: `releasesDir/current` points at the live release (for nginx or a look by hand;
 * replaced by rename, so it is never missing), and releases older than the previous one are removed,
 * except those another live server serves (releases-in-use.ts).
 */
export async function afterSwap(releasesDir: string, liveId: string) {
  const link = join(releasesDir, "current");
  const temporary = join(releasesDir, `.current-${process.pid}-${Date.now()}`);
  await symlink(liveId, temporary);
  await rename(temporary, link);
  const releases = (await readdir(releasesDir)).filter((name) => /^\d{4}-/.test(name)).sort();
  const keep = new Set([liveId, ...releases.filter((name) => name < liveId).slice(-1), ...releasesInUse(releasesDir)]);
  for (const name of releases) {
    if (!keep.has(name) && name < liveId) await rm(join(releasesDir, name), { recursive: true, force: true });
  }
}
