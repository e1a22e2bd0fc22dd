import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";

/** Flushes a directory entry (a rename) to disk; some platforms cannot open directories: then best effort. */
async function syncDir(dir: string) {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the file itself is already synced.
  }
}

/**
 * Group commit for directory syncs: a caller whose rename happened while a sync was running shares
 * one follow-up sync with everyone else who arrived meanwhile (fsync costs ~10 ms; under load,
 * one per message queues up).
 */
const dirSyncs = new Map<string, { running?: Promise<void>; queued?: Promise<void> }>();
function syncDirCoalesced(dir: string): Promise<void> {
  let state = dirSyncs.get(dir);
  if (!state) dirSyncs.set(dir, (state = {}));
  const s = state;
  if (!s.running) {
    s.running = syncDir(dir).finally(() => (s.running = undefined));
    return s.running;
  }
  s.queued ??= s.running.then(() => {
    s.queued = undefined;
    return syncDirCoalesced(dir);
  });
  return s.queued;
}

/**
 * The durable outbox: one .eml per accepted submission. A message is written to `.tmp/`, fsynced
 * and renamed into the outbox, so a crash leaves either no file or a complete one. Relayed
 * messages move to `sent/`; the rest wait in the outbox for the relay or for someone to read.
 */
export class Outbox {
  readonly tmpDir: string;
  readonly sentDir: string;

  constructor(readonly dir: string) {
    this.tmpDir = join(dir, ".tmp");
    this.sentDir = join(dir, "sent");
  }

  /** Stores a message and returns its file name once it is safely on disk. */
  async store(eml: Buffer): Promise<string> {
    // mkdir every time: the directory may be removed while the server runs (test clean-ups).
    await mkdir(this.tmpDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
    const tmp = join(this.tmpDir, name);
    const handle = await open(tmp, "wx", 0o640);
    try {
      await handle.writeFile(eml);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, join(this.dir, name));
    await syncDirCoalesced(this.dir);
    return name;
  }

  /** Messages waiting to be relayed, oldest first. */
  async pending(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith(".eml")).sort();
    } catch {
      return [];
    }
  }

  read(name: string): Promise<Buffer> {
    return readFile(join(this.dir, name));
  }

  async markSent(name: string): Promise<void> {
    await mkdir(this.sentDir, { recursive: true });
    await rename(join(this.dir, name), join(this.sentDir, name));
    await syncDirCoalesced(this.sentDir);
  }
}
