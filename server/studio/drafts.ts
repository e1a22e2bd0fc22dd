import { createHash } from "node:crypto";
import { basename } from "node:path";
import type { Database } from "../db/db";
import { exclusive, ExclusiveLockError, reasonOf } from "../db/db";
import { contentWriteLockKey, recordRevision, type FileState, type RevisionActor, type RevisionEntry, type RevisionFile } from "../leads/content-history";
import { parse as parseYaml } from "yaml";
import { logLine } from "../platform/log-text";
import type { Following } from "../publish/content-follower";
import { differingPaths, stateOf, stateOnDisk, treeFile, treeReader, treeTarget, writeTreeFiles } from "../publish/published-tree";
import type { ContentEntries } from "./content-entries";
import { bytesOf, sameState, stageKeptPhotos, writeAfterRevision, type KeptPhoto } from "./content-saves";

// Drafts (decision 0159): a studio save writes the working copy (CONTENT_DIR, content-saves.ts); the
// public build reads the published tree. An entry is drafted when its files differ between the two:
// nothing else is kept, so a restart cannot lose a draft. Publishing copies chosen entries' files
// into the published tree, discarding copies them back, each as one content-history revision (its
// audit entry with it) under the content write lock of decision 0127.

/** A file that differs between the trees, with its SHA-256 in each (null: not in that tree). */
export type DraftedFile = { path: string; change: "added" | "changed" | "deleted"; working: string | null; published: string | null };
/**
 * A drafted entry; `version` names its files' bytes in both trees as they are now, so a publish or
 * discard can be refused when the entry changed after the editor saw it (decision 0159).
 */
export type DraftedEntry = {
  entry: RevisionEntry;
  label: string;
  files: DraftedFile[];
  version: string;
  /**
   * The entries (by `entryKey`) this one names that are new and not yet published — a gallery item
   * under a new family, a relationship field's value — so publishing it alone would fail the public
   * build. Any string value equal to a new entry's slug counts, so it may name one too many, never
   * one too few of those two kinds.
   */
  needs: string[];
};

/** Every string value of a data file (YAML, or a Markdoc file's YAML header), deep; none when it cannot be read. */
function stringValues(text: string): string[] {
  const header = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  let value: unknown;
  try {
    value = parseYaml(header ?? text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (item: unknown) => {
    if (typeof item === "string") out.push(item.trim());
    else if (Array.isArray(item)) item.forEach(walk);
    else if (item && typeof item === "object") Object.values(item).forEach(walk);
  };
  walk(value);
  return out;
}

/** Whether an entry whose slug is `slug` and whose data files read `texts` names the entry `named` (by slug). */
function names(slug: string, texts: readonly string[], named: string): boolean {
  // A nested collection's item under it (a gallery item "men/shirt" of the family "men").
  if (slug.startsWith(`${named}/`)) return true;
  // A relationship field stores the named entry's slug as a whole value ("record: oeko-2026").
  return texts.some((text) => stringValues(text).includes(named));
}

/** A photo (or any file under a media folder): named by its hash and streamed, never read whole (decisions 0185, 0189). */
const isMedia = (path: string) => path.includes("/media/");

/** The version of a drafted entry's files: a hash of each file's path and its SHA-256 in both trees. */
export function draftVersion(files: readonly DraftedFile[]): string {
  const lines = [...files].sort((a, b) => a.path.localeCompare(b.path)).map((file) => `${file.path}\0${file.working ?? "-"}\0${file.published ?? "-"}\n`);
  return createHash("sha256").update(lines.join("")).digest("hex").slice(0, 32);
}

/** Photos and files no entry owns by path that differ, when no drafted entry names them. */
export const looseFilesEntry: RevisionEntry = { kind: "files", key: "media", slug: "" };
/** The revision's entry when a publish takes several entries (its files and audit entry name them). */
export const severalEntries: RevisionEntry = { kind: "files", key: "publish", slug: "" };

export const entryKey = (entry: Pick<RevisionEntry, "kind" | "key" | "slug">) => `${entry.kind}:${entry.key}:${entry.slug}`;

export type DraftsOutcome =
  | { ok: true; revision?: { id: number; at: Date }; entries: string[] }
  | { ok: false; status: 503; reason: string }
  /** Refused: these entries (by `entryKey`) changed, went or appeared after the editor saw them; nothing was written. */
  | { ok: false; status: 409; reason: string; changed: string[] };

export type Drafts = ReturnType<typeof drafts>;

const changedSince =
  "An entry changed after the page showed it (a save, a restore, a publish or a discard meanwhile): nothing was written. Look at its changes again.";
const unrecorded = "The content history's database did not answer: nothing was published or discarded. Try again in a moment.";

export function drafts({
  db,
  entries,
  contentDir,
  publishedDir,
  follower,
}: {
  db: Database;
  /** With DATABASE_URL, this instance's trees follow the history (decision 0162): a publish or discard first takes the revisions its trees lack. */
  follower?: Following;
  entries: ContentEntries;
  /** The working copy (CONTENT_DIR). */
  contentDir: string;
  /** The published tree (PUBLISHED_CONTENT_DIR). */
  publishedDir: string;
}) {
  const filesOf = treeReader();

  /** Every drafted entry with its files, by label; a photo goes with the drafted entries whose files name it. */
  const list = async (): Promise<DraftedEntry[]> => {
    const [working, published] = await Promise.all([filesOf(contentDir), filesOf(publishedDir)]);
    const paths = differingPaths(working, published);
    const change = (path: string): DraftedFile["change"] => (!published.has(path) ? "added" : !working.has(path) ? "deleted" : "changed");
    const fileOf = (path: string): DraftedFile => ({ path, change: change(path), working: working.get(path) ?? null, published: published.get(path) ?? null });
    const byEntry = new Map<string, DraftedEntry>();
    const loose: string[] = [];
    for (const path of paths) {
      const entry = entries.entryOf(path);
      if (!entry) {
        loose.push(path);
        continue;
      }
      const key = entryKey(entry);
      const found = byEntry.get(key) ?? { entry, label: entries.labelOf(entry), files: [], version: "", needs: [] };
      found.files.push(fileOf(path));
      byEntry.set(key, found);
    }
    const unclaimed: string[] = [];
    for (const path of loose) {
      const name = basename(path);
      let claimed = false;
      for (const drafted of byEntry.values()) {
        const dataFiles = drafted.files.filter((file) => entries.isEntryFile(file.path, drafted.entry));
        for (const file of dataFiles) {
          const texts = await Promise.all([treeFile(contentDir, file.path), treeFile(publishedDir, file.path)]);
          if (texts.some((bytes) => bytes?.includes(name))) {
            drafted.files.push(fileOf(path));
            claimed = true;
            break;
          }
        }
      }
      if (!claimed) unclaimed.push(path);
    }
    const all = [...byEntry.values()];
    if (unclaimed.length) all.push({ entry: looseFilesEntry, label: entries.labelOf(looseFilesEntry), files: unclaimed.map(fileOf), version: "", needs: [] });
    for (const item of all) item.version = draftVersion(item.files);
    // Entries new in the working copy (their data file not yet published), and who names them.
    const added = all.filter(
      (item) => item.entry.kind === "collection" && item.files.some((file) => file.change === "added" && entries.isEntryFile(file.path, item.entry)),
    );
    if (added.length) {
      for (const item of all) {
        if (item.entry.kind === "files") continue;
        const dataFiles = item.files.filter((file) => file.working && entries.isEntryFile(file.path, item.entry));
        const texts = (await Promise.all(dataFiles.map((file) => treeFile(contentDir, file.path)))).flatMap((bytes) => (bytes ? [bytes.toString("utf8")] : []));
        item.needs = added.filter((other) => other !== item && names(item.entry.slug, texts, other.entry.slug)).map((other) => entryKey(other.entry));
      }
    }
    return all.sort((a, b) => a.label.localeCompare(b.label));
  };

  /**
   * Writes `wanted` (each path's state after) into `treeDir` as one revision of `action` (the tree's
   * "before" read inside the lock), its audit entry with it; files that cannot be written are put
   * back and the revision dropped. A photo named by its hash — kept by the history (a restore's) or
   * on disk in the other tree (a publish's, a discard's) — is streamed, never held whole.
   */
  const write = async (
    treeDir: string,
    wanted: ReadonlyArray<{ path: string; after: FileState }>,
    {
      action,
      entry,
      labels,
      actor,
      restoredFrom,
      note,
    }: {
      action: "publish" | "discard";
      entry: RevisionEntry;
      labels: string[];
      actor: RevisionActor;
      restoredFrom?: number;
      note?: string;
    },
  ): Promise<DraftsOutcome> => {
    const changed: RevisionFile[] = [];
    for (const { path, after } of wanted) {
      const before = await stateOnDisk(treeTarget(treeDir, path), isMedia(path));
      if (sameState(before, after)) continue;
      changed.push({ path, before, after });
    }
    if (changed.length === 0) return { ok: true, entries: [] };
    // A photo named by its hash (a restore's, decision 0177; a publish's, decision 0189) is streamed
    // from the history or the other tree beside its place and checked against it before anything is
    // recorded; renamed in with the rest.
    const staged = await stageKeptPhotos(db, changed, (path) => treeTarget(treeDir, path));
    let revision: { id: number; at: Date };
    try {
      revision = await recordRevision(db, {
        actor,
        entry,
        action,
        restoredFrom,
        files: changed,
        audit: {
          action: `content.${action}`,
          detail: { entries: labels, files: changed.length, ...(restoredFrom ? { restoredFrom } : {}), ...(note ? { note } : {}) },
        },
      });
    } catch (error) {
      console.error(logLine`studio: ${new Date()} a ${action} of ${labels.join(", ")} was refused: its revision could not be stored (${reasonOf(error)})`);
      await Promise.all(staged.map((file) => file.discard()));
      return { ok: false, status: 503, reason: unrecorded };
    }
    await writeAfterRevision({ db, follower, revision: revision.id, treeDir, changed, staged }, () =>
      writeTreeFiles(
        treeDir,
        changed.flatMap(({ path, after }) => (after && ("kept" in after || "onDisk" in after) ? [] : [{ path, bytes: bytesOf(after) }])),
      ),
    );
    return { ok: true, revision, entries: labels };
  };

  const locked = async (work: () => Promise<DraftsOutcome>): Promise<DraftsOutcome> => {
    try {
      return await exclusive(db, contentWriteLockKey, async (): Promise<DraftsOutcome> => {
        try {
          await follower?.catchUpHeld();
        } catch (error) {
          console.error(
            logLine`studio: ${new Date()} a publish was refused: the newer revisions of the content history could not be applied (${reasonOf(error)})`,
          );
          return { ok: false, status: 503, reason: unrecorded };
        }
        return work();
      });
    } catch (error) {
      if (!(error instanceof ExclusiveLockError)) throw error;
      console.error(logLine`studio: ${new Date()} a publish was refused: the content history's lock could not be taken (${error.message})`);
      return { ok: false, status: 503, reason: unrecorded };
    }
  };

  /** The drafted entries among `chosen` ("all": every one), as they are inside the lock. */
  const pick = async (chosen: readonly RevisionEntry[] | "all") => {
    const drafted = await list();
    if (chosen === "all") return drafted;
    const wanted = new Set(chosen.map(entryKey));
    return drafted.filter((item) => wanted.has(entryKey(item.entry)));
  };

  /**
   * Copies the chosen entries' files from `from` into `to` as one revision of `action`. `seen`
   * (entry key → version, as the page showed them): refused with 409, nothing written, when a
   * chosen entry's version is not the one seen — it changed, was published or discarded meanwhile,
   * or ("all") a drafted entry was not on the page.
   */
  const copy = (
    action: "publish" | "discard",
    chosen: readonly RevisionEntry[] | "all",
    actor: RevisionActor,
    note?: string,
    seen?: ReadonlyMap<string, string>,
  ) =>
    locked(async () => {
      const picked = await pick(chosen);
      if (seen) {
        const now = new Map(picked.map((item) => [entryKey(item.entry), item.version]));
        const asked = chosen === "all" ? [...new Set([...seen.keys(), ...now.keys()])] : chosen.map(entryKey);
        const changed = asked.filter((key) => !seen.has(key) || seen.get(key) !== now.get(key));
        if (changed.length) return { ok: false, status: 409, reason: changedSince, changed };
      }
      if (picked.length === 0) return { ok: true, entries: [] };
      const [from, to] = action === "publish" ? [contentDir, publishedDir] : [publishedDir, contentDir];
      // Each file as it is in `from`: a photo by the hash the listing read, streamed into `to` when
      // written (decision 0189) and checked against that hash; text read whole (a few kB).
      const byPath = new Map(picked.flatMap((item) => item.files.map((file) => [file.path, file] as const)));
      const files: Array<{ path: string; after: FileState }> = [];
      for (const path of [...byPath.keys()].sort()) {
        const target = treeTarget(from, path);
        const sha256 = action === "publish" ? byPath.get(path)!.working : byPath.get(path)!.published;
        files.push({ path, after: !isMedia(path) ? await stateOnDisk(target, false) : sha256 === null ? null : { onDisk: target, sha256 } });
      }
      return write(to, files, {
        action,
        entry: picked.length === 1 ? picked[0]!.entry : severalEntries,
        labels: picked.map((item) => item.label),
        actor,
        note,
      });
    });

  return {
    /** Every entry with unpublished changes (its files differ between the working copy and the published tree). */
    list,
    /**
     * Publishes the chosen drafted entries (or all): their files as they are in the working copy.
     * `note`: why it ran when it did (a late schedule); `seen`: the versions the editor saw (see `copy`).
     */
    publish: (chosen: readonly RevisionEntry[] | "all", actor: RevisionActor, note?: string, seen?: ReadonlyMap<string, string>) =>
      copy("publish", chosen, actor, note, seen),
    /** Puts the chosen drafted entries back as they are published; `seen` as for `publish`. */
    discard: (chosen: readonly RevisionEntry[] | "all", actor: RevisionActor, seen?: ReadonlyMap<string, string>) =>
      copy("discard", chosen, actor, undefined, seen),
    /** A drafted file's bytes in the working copy or the published tree (null: not there). */
    fileIn: (tree: "working" | "published", path: string) => treeFile(tree === "working" ? contentDir : publishedDir, path),
    /** Where a drafted file (in either tree) whose SHA-256 is `sha256` lies, if there is one: a photo on the page, streamed from there (decision 0189). */
    draftedFileBySha: async (sha256: string): Promise<string | null> => {
      for (const item of await list()) {
        for (const file of item.files) {
          if (file.working === sha256) return treeTarget(contentDir, file.path);
          if (file.published === sha256) return treeTarget(publishedDir, file.path);
        }
      }
      return null;
    },
    /**
     * Writes the files as they were before a publish revision back into the published tree, as a
     * new "publish" revision restored from it (the working copy keeps its drafts: the entries show
     * as unpublished again). `files`: the revision's paths and their bytes before it, a photo by its
     * hash (streamed from the history, decision 0177; a photo that cannot be read or is not its hash
     * throws, nothing written).
     */
    restorePublished: (
      revision: { id: number; entry: RevisionEntry },
      files: ReadonlyArray<{ path: string; bytes: Buffer | null } | KeptPhoto>,
      actor: RevisionActor,
    ) =>
      locked(() =>
        write(
          publishedDir,
          files.map((file) => ({ path: file.path, after: "sha256" in file ? { kept: file.sha256 } : stateOf(file.bytes, isMedia(file.path)) })),
          {
            action: "publish",
            entry: revision.entry,
            labels: [
              ...new Set(
                files
                  .map((file) => entries.entryOf(file.path))
                  .filter((entry) => !!entry)
                  .map((entry) => entries.labelOf(entry)),
              ),
            ],
            actor,
            restoredFrom: revision.id,
          },
        ),
      ),
  };
}
