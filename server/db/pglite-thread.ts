import { Worker } from "node:worker_threads";
import { projectFile } from "../platform/project-dir";

/** Found from the source (server/db/) and from the server bundle (build/node/) alike. */
const workerFile = projectFile("server/db/pglite-worker.mjs");

export type PgliteThreadOptions = {
  /** The database folder; unset: in memory (tests). */
  pgliteDir?: string;
  /** In memory only: start from this database (a PGlite dumpDataDir tarball) instead of an empty one. */
  image?: Uint8Array;
  migrationsFolder: string;
  /** First wait before starting a crashed thread again; doubles while starting fails, up to 30 s. */
  restartDelayMs?: number;
};

/** The thread could not open or migrate the database: `migration` tells which. */
export class PgliteStartError extends Error {
  constructor(
    message: string,
    readonly migration: boolean,
  ) {
    super(message);
  }
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "failed"; migration: boolean; message: string }
  | { type: "result"; id: number; rows: unknown[] }
  | { type: "error"; id: number; message: string; code?: string };

type Pending = {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
};

/**
 * PGlite in a worker thread (pglite-worker.mjs), so its WebAssembly runs beside the HTTP thread
 * instead of on it. `query` is what drizzle-orm/pg-proxy calls. Every query resolves after PGlite
 * answered it (for a write: after its commit). When the thread dies (a crash in PGlite, out of
 * memory), every query in flight and every query until it is back fails like a database that is
 * down (the visitor is told "not sent", nothing is acknowledged), and the thread is started again
 * on the same folder: PGlite recovers its write-ahead log as after a power cut.
 */
export class PgliteThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  private restarting: Promise<void> | undefined;

  private constructor(private readonly options: PgliteThreadOptions) {}

  /** Starts the thread; resolves once the database is open and migrated. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    await thread.spawn();
    return thread;
  }

  query(sql: string, params: unknown[], method: "all" | "execute"): Promise<unknown[]> {
    const worker = this.worker;
    if (!worker) {
      return Promise.reject(new Error(this.closing ? "the database is closed" : "the database thread stopped and is starting again"));
    }
    const id = this.nextId++;
    // A cloned Buffer takes its whole backing store along (a pooled Buffer's 8 KB slab, a request
    // body's), through a serializer: a copy of exactly its bytes is moved to the thread instead.
    const moved: ArrayBuffer[] = [];
    const values = params.map((value) => {
      if (!(value instanceof Uint8Array)) return value;
      const copy = new Uint8Array(value);
      moved.push(copy.buffer);
      return copy;
    });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: "query", id, sql, params: values, method }, moved);
    });
  }

  /** Resolves when the thread is running (at once, or after the restart under way). */
  async running(): Promise<void> {
    while (!this.worker && this.restarting && !this.closing) await this.restarting;
  }

  /** Stops the thread the way a crash does (tests of that failure). */
  async crashForTest(): Promise<void> {
    await this.worker?.terminate();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.restarting;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.postMessage({ type: "close" });
    await exited;
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerFile, {
        workerData: {
          pgliteDir: this.options.pgliteDir,
          image: this.options.image,
          migrationsFolder: this.options.migrationsFolder,
        },
      });
      let ready = false;
      let failure: Error | undefined;
      worker.on("message", (message: WorkerMessage) => {
        if (message.type === "ready") {
          ready = true;
          this.worker = worker;
          resolve();
        } else if (message.type === "failed") {
          failure = new PgliteStartError(message.message, message.migration);
        } else {
          const pending = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.type === "result") pending?.resolve(message.rows);
          else pending?.reject(Object.assign(new Error(message.message), { code: message.code }));
        }
      });
      worker.on("error", (error) => {
        failure ??= error;
      });
      worker.on("exit", (code) => {
        if (!ready) {
          reject(failure ?? new PgliteStartError(`the database thread exited with code ${code} while opening`, false));
          return;
        }
        if (this.worker === worker) this.worker = undefined;
        const died = new Error(`the database thread stopped${failure ? `: ${failure.message}` : ` (exit code ${code})`}`);
        for (const pending of this.pending.values()) pending.reject(died);
        this.pending.clear();
        if (this.closing) return;
        console.error(`leads database: ${died.message}; starting it again`);
        this.restarting = this.restart();
      });
    });
  }

  private async restart(): Promise<void> {
    let delay = this.options.restartDelayMs ?? 100;
    while (!this.closing) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.closing) return;
      try {
        await this.spawn();
        console.error("leads database: the database thread is running again");
        return;
      } catch (error) {
        console.error(
          `leads database: the database thread could not start again, retrying in ${delay * 2} ms:`,
          error instanceof Error ? error.message : error,
        );
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }
}
