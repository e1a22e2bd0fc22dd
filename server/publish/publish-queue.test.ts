import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveSite, type ServedSite } from "../platform/live-site";
import { BuildFailure, createPublishQueue, type BuildResult } from "./publish-queue";

/** A builder whose builds the test finishes by hand: it records when each starts and what it read. */
function fakeBuilder() {
  const builds: Array<{ finish: () => void; fail: (output: string) => void; content: string }> = [];
  let content = "v1";
  let running = 0;
  let mostAtOnce = 0;
  const build = () =>
    new Promise<BuildResult<ServedSite>>((resolve, reject) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const id = `release-${builds.length + 1}`;
      const snapshot = content;
      builds.push({
        content: snapshot,
        finish: () => {
          running--;
          resolve({ id, release: { clientDir: `/releases/${id}/${snapshot}`, cspHashes: {} }, output: "built" });
        },
        fail: (output) => {
          running--;
          reject(new BuildFailure("npm run build:site exited with code 1", output));
        },
      });
    });
  return {
    build,
    builds,
    edit: (value: string) => (content = value),
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

/** Lets pending promise callbacks run (the queue awaits the build and the swap). */
const settle = () => vi.advanceTimersByTimeAsync(0);

let site: ReturnType<typeof createLiveSite>;

beforeEach(() => {
  vi.useFakeTimers();
  site = createLiveSite({ clientDir: "/build/client", cspHashes: {} });
});
afterEach(() => vi.useRealTimers());

describe("publish queue", () => {
  it("waits for a quiet moment after the last change, then builds once for the whole burst", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: (release) => site.swap(release), debounceMs: 1000 });
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(600);
    queue.notify("offices/dhaka.yaml");
    await vi.advanceTimersByTimeAsync(600);
    queue.notify("site.yaml");
    expect(queue.state().phase).toBe("waiting");
    await vi.advanceTimersByTimeAsync(999);
    expect(builder.builds).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(builder.builds).toHaveLength(1);
    expect(queue.state().phase).toBe("building");
    builder.builds[0]!.finish();
    await settle();
    expect(queue.state()).toMatchObject({ phase: "idle", last: { ok: true, changes: ["site.yaml", "offices/dhaka.yaml"] }, live: { id: "release-1" } });
    expect(site.current.clientDir).toBe("/releases/release-1/v1");
  });

  it("keeps serving the old build while the new one builds, and swaps only when it is done", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: (release) => site.swap(release), debounceMs: 10 });
    builder.edit("v2");
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(10);
    expect(builder.builds).toHaveLength(1);
    expect(site.current.clientDir).toBe("/build/client");
    builder.builds[0]!.finish();
    await settle();
    expect(site.current.clientDir).toBe("/releases/release-1/v2");
    expect(site.previous?.clientDir).toBe("/build/client");
  });

  it("runs one build at a time; changes during a build queue exactly one more, which sees them", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: (release) => site.swap(release), debounceMs: 10 });
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(10);
    expect(builder.builds).toHaveLength(1);

    // Three saves while the first build runs.
    for (const value of ["v2", "v3", "v4"]) {
      builder.edit(value);
      queue.notify("site.yaml");
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(builder.builds).toHaveLength(1);
    expect(queue.state()).toMatchObject({ phase: "building", queued: true });

    builder.builds[0]!.finish();
    await settle();
    expect(builder.builds).toHaveLength(2);
    expect(builder.builds[1]!.content).toBe("v4");
    expect(site.current.clientDir).toBe("/releases/release-1/v1");

    builder.builds[1]!.finish();
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(builder.builds).toHaveLength(2);
    expect(builder.mostAtOnce).toBe(1);
    expect(site.current.clientDir).toBe("/releases/release-2/v4");
    expect(queue.state()).toMatchObject({ phase: "idle", queued: false });
  });

  it("a change that arrives during a build but settles after it starts a build of its own", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: (release) => site.swap(release), debounceMs: 100 });
    queue.notify("a.yaml");
    await vi.advanceTimersByTimeAsync(100);
    queue.notify("b.yaml"); // debounce still running when the build ends
    builder.builds[0]!.finish();
    await settle();
    expect(queue.state().phase).toBe("waiting");
    await vi.advanceTimersByTimeAsync(100);
    expect(builder.builds).toHaveLength(2);
  });

  it("a failed build leaves the live site untouched and keeps the output that names file and field", async () => {
    const builder = fakeBuilder();
    const swap = vi.fn((release: ServedSite) => site.swap(release));
    const queue = createPublishQueue({ build: builder.build, swap, debounceMs: 10 });
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(10);
    builder.builds[0]!.fail("content/site.yaml: phone: Required\n");
    await settle();
    expect(swap).not.toHaveBeenCalled();
    expect(site.current.clientDir).toBe("/build/client");
    expect(queue.state()).toMatchObject({
      phase: "idle",
      last: { ok: false, error: "npm run build:site exited with code 1", output: "content/site.yaml: phone: Required\n" },
    });
    expect(queue.state().live).toBeUndefined();

    // The next good save publishes as usual.
    builder.edit("v2");
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(10);
    builder.builds[1]!.finish();
    await settle();
    expect(site.current.clientDir).toBe("/releases/release-2/v2");
    expect(queue.state().last?.ok).toBe(true);
  });

  it("records how long a build took", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: () => {}, debounceMs: 10 });
    queue.notify("site.yaml");
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(11_000);
    builder.builds[0]!.finish();
    await settle();
    expect(queue.state().last?.durationMs).toBe(11_000);
  });

  it("does nothing more once closed", async () => {
    const builder = fakeBuilder();
    const queue = createPublishQueue({ build: builder.build, swap: () => {}, debounceMs: 10 });
    queue.notify("site.yaml");
    queue.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(builder.builds).toHaveLength(0);
  });
});
