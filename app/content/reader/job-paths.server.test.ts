import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { jobPathsOnDisk } from "./job-paths.server";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function contentWith(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "jobs-"));
  dirs.push(root);
  mkdirSync(join(root, "jobs"));
  for (const [name, validThrough] of Object.entries(files)) {
    writeFileSync(join(root, "jobs", name), `---\ntitle: ${name}\nvalidThrough: ${validThrough}\n---\nText with\nvalidThrough: 2099-01-01 in the body.\n`);
  }
  return root;
}

describe("jobPathsOnDisk", () => {
  it("gives the page and the apply page of each job open on the day, from the header only", () => {
    const root = contentWith({ "cutter.mdoc": "2027-05-31", "sewer.mdoc": "'2027-06-30'", "old.mdoc": "2027-01-01" });
    expect(jobPathsOnDisk(root, "2027-05-31")).toEqual(["/career/cutter", "/career/cutter/apply", "/career/sewer", "/career/sewer/apply"]);
    expect(jobPathsOnDisk(root, "2027-06-01")).toEqual(["/career/sewer", "/career/sewer/apply"]);
  });

  it("gives none without a jobs folder, and the seed content's two openings today", () => {
    expect(jobPathsOnDisk(join(tmpdir(), "no-such-content"))).toEqual([]);
    expect(jobPathsOnDisk("content").filter((p) => !p.endsWith("/apply"))).toHaveLength(2);
  });
});
