// The job pages to prerender, from the files alone (synchronous: the prerender list, sitemap.xml
// and the tests use it). The build reads and checks the same files through the studio's fields
// (app/content/reader/jobs.ts) and fails on a bad one, so this only picks which are open.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { jobApplyPath, jobPath } from "../../lib/contracts/site-paths";
import { isoDay, isOpen } from "../../lib/contracts/open-jobs";

const validThroughLine = /^validThrough:\s*['"]?(\d{4}-\d{2}-\d{2})['"]?\s*$/m;

/** /career/{slug} and /career/{slug}/apply of every job file open on `today`. */
export function jobPathsOnDisk(root = resolve(process.env.CONTENT_DIR || "content"), today = isoDay()): string[] {
  const dir = join(root, "jobs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".mdoc"))
    .flatMap((name) => {
      const slug = name.slice(0, -".mdoc".length);
      const header = readFileSync(join(dir, name), "utf8").split(/^---\s*$/m)[1] ?? "";
      const validThrough = validThroughLine.exec(header)?.[1];
      return validThrough && isOpen({ validThrough }, today) ? [jobPath(slug), jobApplyPath(slug)] : [];
    })
    .sort();
}
