import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Config } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import type { RevisionEntry } from "../leads/content-history";
import type { ContentEntries } from "./content-entries";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

/** A file a restore writes (bytes) or deletes (null), by its path relative to the API's base folder. */
export type RestoredFile = { path: string; bytes: Buffer | null };

/** The files now in a folder (paths relative to the API's base folder) that `wanted` takes: only those are read. */
export type FilesIn = (folder: string, wanted: (path: string) => boolean) => Promise<Array<{ path: string; bytes: Buffer }>>;

/**
 * Why the current schema (keystatic.config.ts, read by Keystatic's own reader as the build reads
 * it) refuses `entry` with these files, one line per field; undefined when it takes them. The
 * entry's other files are as they are now: `filesIn(folder, wanted)` reads those of the entry
 * (local mode: the content folder; GitHub mode: the branch's tree), so one check serves both modes
 * (decision 0094); in local mode every studio save passes it too (content-saves.ts, decision 0136).
 */
export async function entrySchemaProblem(options: {
  config: AnyConfig;
  entries: ContentEntries;
  entry: RevisionEntry;
  restored: readonly RestoredFile[];
  filesIn: FilesIn;
}): Promise<string | undefined> {
  const { config, entries, entry, restored, filesIn } = options;
  if (entry.kind === "files") return undefined;
  const own = restored.filter((file) => entries.isEntryFile(file.path, entry));
  if (entry.kind === "collection" && own.length > 0 && own.every((file) => file.bytes === null)) return undefined; // the entry goes: nothing to read
  const scratch = await mkdtemp(join(tmpdir(), "ssl-restore-"));
  try {
    // The entry's files as the restore leaves them: the rest as they are now, then what it writes.
    for (const folder of new Set(restored.map((file) => dirname(file.path)))) {
      for (const { path, bytes } of await filesIn(folder, (path) => entries.isEntryFile(path, entry))) {
        await mkdir(dirname(join(scratch, path)), { recursive: true });
        await writeFile(join(scratch, path), bytes);
      }
    }
    for (const { path, bytes } of restored) {
      if (bytes === null) await rm(join(scratch, path), { force: true });
      if (bytes === null || !entries.entryOf(path)) continue;
      await mkdir(dirname(join(scratch, path)), { recursive: true });
      await writeFile(join(scratch, path), bytes);
    }
    const reader = createReader(scratch, config);
    try {
      const found =
        entry.kind === "singleton"
          ? await (reader.singletons as Record<string, { read(): Promise<unknown> }>)[entry.key]!.read()
          : await (reader.collections as Record<string, { read(slug: string): Promise<unknown> }>)[entry.key]!.read(entry.slug);
      if (found === null) return "the entry's file would be missing";
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return message
        .split("\n")
        .filter((line) => line && !/^(Field validation failed:|Invalid data for )/.test(line))
        .join("; ");
    }
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
