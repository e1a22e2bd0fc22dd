import { writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { startServerProcess } from "./server-process";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a server started in a child process for a test", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("is ended when it does not answer before its deadline, not left running for the rest of the run", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ssl-server-process-"));
    dirs.push(dir);
    const script = join(dir, "silent.mjs");
    // A process that writes its pid and never listens: a server stuck at start.
    await writeFile(script, `console.log("pid " + process.pid); setInterval(() => {}, 1000);\n`);
    await withFreePorts(1, async ([port]) => {
      const started = startServerProcess({ script, cwd: dir, env: { PATH: process.env.PATH }, origin: `http://127.0.0.1:${port}`, deadlineMs: 1_500 });
      const error = await started.then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/did not answer .* within 1500 ms: pid \d+/);
      const pid = Number(/pid (\d+)/.exec(error!.message)![1]);
      expect(alive(pid)).toBe(false);
    });
  }, 20_000);
});
