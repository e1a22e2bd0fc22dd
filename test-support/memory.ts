import { createHash, randomBytes } from "node:crypto";
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * The peak of this process's live ArrayBuffers (Buffers included) above the start while `work`
 * runs, garbage collected before each look (every `everyMs`): what is held, not what was read and
 * dropped. A file read whole shows as its size; one streamed, as the few chunks in flight.
 * V8 frees a dropped Buffer's bytes on a background thread after the collection, so on a busy
 * machine a look could still count chunks already dropped (a 40 MB photo streamed in 2 MiB chunks
 * measured 12 to 25 MiB): sweeping them during the collection itself makes every look exact
 * (4 MiB, the chunk in hand and the one read ahead, in runs at load average 19).
 */
export async function peakLiveBuffersDuring(work: () => Promise<unknown>, everyMs = 250): Promise<number> {
  setFlagsFromString("--expose-gc");
  setFlagsFromString("--no-concurrent-array-buffer-sweeping");
  const gc = runInNewContext("gc") as () => void;
  const live = () => {
    gc();
    return process.memoryUsage().arrayBuffers;
  };
  const base = live();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, live())), everyMs);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak - base;
}

/**
 * Writes a file of `size` random bytes (a photo's bytes do not compress, so a database stores them
 * as it would a real photo's) 1 MiB at a time, and returns its SHA-256: the test never holds it
 * whole, so it is not in a measure's start (decision 0189).
 */
export async function writeLargeFile(file: string, size: number): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  const hash = createHash("sha256");
  const out = await open(file, "w");
  try {
    for (let written = 0; written < size;) {
      const chunk = randomBytes(Math.min(1024 * 1024, size - written));
      hash.update(chunk);
      await out.write(chunk);
      written += chunk.byteLength;
    }
  } finally {
    await out.close();
  }
  return hash.digest("hex");
}
