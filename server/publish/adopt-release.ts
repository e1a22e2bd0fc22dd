import { copyFile, link, mkdir, readdir, readlink, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readServedSite, type ServedSite } from "../platform/live-site";
import type { BuildResult } from "./publish-queue";
import type { TreeRelease } from "./preview-builder";
import { releaseId } from "./site-build";

// The join of the two trees (decision 0159): when a publish makes the published tree equal to a tree
// the preview has built today, the preview's release *is* the public release. It is hard-linked into
// the public releases folder (nothing is built, nothing copied; a release is never written to after
// its build, so the two names of one file cannot drift) and swapped in like a build.

/** Each build's completion mark (scripts/build/steps/stamp.mjs): written anew, not linked (below). */
const stampFile = ".stamp";

/** Every file below `from` linked (or, across file systems, copied) to the same path below `to`; a symbolic link made again. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) {
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
        await copyFile(source, target);
      });
    } else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
  }
}

/**
 * The preview's release `kept` as a new release of `releasesDir` (its own id, so releases still sort
 * by time), ready to swap. Its `.stamp` says `treeSeenAt`: when the published tree was found equal to
 * the release's tree, so a restart (decision 0069) serves it rather than rebuilding for the published
 * files' newer times; a file changed after that is newer than the stamp and is built, as it should be.
 */
export async function adoptRelease(kept: TreeRelease, releasesDir: string, treeSeenAt: Date): Promise<BuildResult<ServedSite>> {
  const id = releaseId();
  const dir = join(releasesDir, id);
  try {
    await linkTree(kept.dir, dir);
    await rm(join(dir, stampFile), { force: true });
    await writeFile(join(dir, stampFile), treeSeenAt.toISOString());
    await utimes(join(dir, stampFile), treeSeenAt, treeSeenAt);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    id,
    release: readServedSite(join(dir, "client")),
    output: `The published content is the preview's release ${kept.id} (built ${kept.builtAt}): swapped in, not rebuilt.`,
  };
}
