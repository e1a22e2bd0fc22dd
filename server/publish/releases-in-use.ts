import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";

// Several servers may serve releases of one releases folder: a second instance on the same checkout,
// or a start that took the newest published release (decision 0069). Each notes the release it
// serves in `.serving/<pid>`; tidying after a publish keeps every release a live server notes.

const servingDir = (releasesDir: string) => join(releasesDir, ".serving");

/** The release (its folder name) `clientDir` belongs to, if it lies in `releasesDir`. */
export function releaseOf(releasesDir: string, clientDir: string): string | undefined {
  const inside = relative(releasesDir, clientDir);
  if (!inside || inside.startsWith("..") || isAbsolute(inside)) return undefined;
  return inside.split(sep)[0];
}

/** This server now serves `clientDir`: noted (replaced by a rename, never half-written) while it is a release. */
export function noteServing(releasesDir: string, clientDir: string, pid = process.pid) {
  const note = join(servingDir(releasesDir), String(pid));
  const release = releaseOf(releasesDir, clientDir);
  if (!release) {
    rmSync(note, { force: true });
    return;
  }
  mkdirSync(servingDir(releasesDir), { recursive: true });
  const temporary = `${note}.${Date.now()}.tmp`;
  writeFileSync(temporary, release);
  renameSync(temporary, note);
}

/** At exit: this server serves nothing from here any more. */
export function forgetServing(releasesDir: string, pid = process.pid) {
  rmSync(join(servingDir(releasesDir), String(pid)), { force: true });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The releases live servers note; the notes of servers that are gone are removed. */
export function releasesInUse(releasesDir: string): Set<string> {
  const dir = servingDir(releasesDir);
  const inUse = new Set<string>();
  if (!existsSync(dir)) return inUse;
  for (const name of readdirSync(dir)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (!isAlive(pid)) {
      rmSync(join(dir, name), { force: true });
      continue;
    }
    const release = (() => {
      try {
        return readFileSync(join(dir, name), "utf8").trim();
      } catch {
        return "";
      }
    })();
    if (release) inUse.add(release);
  }
  return inUse;
}
