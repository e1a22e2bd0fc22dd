import { spawn, type ChildProcess } from "node:child_process";

export type ServerProcess = {
  /** The server's origin, e.g. http://127.0.0.1:4123. */
  origin: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log: () => string;
  /** SIGTERM, then waits for the process to end (SIGKILL if it does not within `killAfterMs`). */
  stop: () => Promise<void>;
  child: ChildProcess;
};

/** Ends a child process and resolves once it has exited: SIGTERM, then SIGKILL after `killAfterMs`. */
export async function endProcess(child: ChildProcess, exited: Promise<void>, killAfterMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A server in a child process (`node <script>` with exactly `env`), resolved once `origin` + `readyPath`
 * answers 2xx. When it exits first or the deadline passes, the child is ended (never left running
 * for the rest of the run, holding its port and database folder) and the promise rejects with its
 * output.
 */
export async function startServerProcess({
  script,
  cwd,
  env,
  origin,
  readyPath = "/",
  deadlineMs = 25_000,
  killAfterMs,
}: {
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  readyPath?: string;
  deadlineMs?: number;
  killAfterMs?: number;
}): Promise<ServerProcess> {
  let output = "";
  const child = spawn(process.execPath, [script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = () => endProcess(child, exited, killAfterMs);
  const deadline = Date.now() + deadlineMs;
  try {
    while (
      !(await fetch(`${origin}${readyPath}`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer on ${origin} within ${deadlineMs} ms: ${output}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, log: () => output, stop, child };
}
