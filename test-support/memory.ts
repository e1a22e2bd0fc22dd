import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * The peak of this process's live ArrayBuffers (Buffers included) above the start while `work`
 * runs, garbage collected before each look (every `everyMs`): what is held, not what was read and
 * dropped. A file read whole shows as its size; one streamed, as the few chunks in flight.
 */
export async function peakLiveBuffersDuring(work: () => Promise<unknown>, everyMs = 250): Promise<number> {
  setFlagsFromString("--expose-gc");
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
