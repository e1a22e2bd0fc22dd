// The embedded database's own thread (server/db/pglite-thread.ts starts it). PGlite is
// PostgreSQL compiled to WebAssembly: every query's parsing, planning, execution and commit runs as
// JavaScript on the thread that owns it. Here that is this worker, so the HTTP thread keeps only
// the requests' own work (JSON, zod, MIME). Plain JavaScript: the same file runs under vitest (from
// the sources) and next to the server bundle (build/node/index.mjs), which Node 20 cannot do for
// TypeScript.
//
// Protocol (structured clone over the worker's port):
//   thread → main  { type: "ready" } once open and migrated; { type: "failed", migration, message } instead
//   main → thread  { type: "query", id, sql, params, method }  method "all": rows as arrays (Drizzle maps them)
//   thread → main  { type: "result", id, rows } or { type: "error", id, message, code }
//   main → thread  { type: "close" }: closes PGlite (checkpoint), then the thread ends
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** @type {{ pgliteDir?: string, image?: Uint8Array, migrationsFolder: string }} */
const { pgliteDir, image, migrationsFolder } = workerData;

// As drizzle-orm/pglite reads them: dates and intervals stay text, which Drizzle's columns parse.
const keepText = (value) => value;
const parsers = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};
// PGlite's own bytea conversions go byte by byte in JavaScript (Array.from(bytes).map(toString(16)),
// parseInt per pair): for a 20 KB resume and its 28 KB message that was most of a submission's
// cost in this thread. Results come back as hex text, which Buffer's codec reads in native code.
parsers[types.BYTEA] = (text) => Buffer.from(text.slice(2), "hex");
// Parameters go the other way as the bytes themselves: PGlite's protocol writer binds a byte array
// in binary format (as node-postgres does a Buffer), so no hex string twice the size is built,
// encoded into the message and decoded again by PostgreSQL (decision 0059).
const serializers = {
  [types.BYTEA]: (bytes) => {
    if (!(bytes instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
    return bytes;
  },
};
const objectRows = { rowMode: "object", parsers, serializers };
const arrayRows = { rowMode: "array", parsers, serializers };

const firstLine = (error) => (error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error));

let client;
try {
  // `image`: an in-memory database starts as a copy of that one (PGlite's dumpDataDir), for tests.
  client = pgliteDir ? await PGlite.create(pgliteDir) : await PGlite.create(image ? { loadDataDir: new Blob([image]) } : {});
} catch (error) {
  parentPort.postMessage({
    type: "failed",
    migration: false,
    message: `PGlite could not open ${pgliteDir ?? "in memory"}: ${firstLine(error)}`,
  });
  process.exit(1);
}
try {
  await migrate(drizzle({ client }), { migrationsFolder });
} catch (error) {
  const cause = error?.cause;
  parentPort.postMessage({
    type: "failed",
    migration: true,
    message: `${firstLine(error)}${cause instanceof Error ? ` (${cause.message})` : ""}`,
  });
  await client.close().catch(() => {});
  process.exit(1);
}

parentPort.on("message", async (message) => {
  if (message.type === "query") {
    const { id, sql, params, method } = message;
    try {
      const result = await client.query(sql, params, method === "all" ? arrayRows : objectRows);
      parentPort.postMessage({ type: "result", id, rows: result.rows });
    } catch (error) {
      // The database's reason and SQLSTATE only: the query's values (a visitor's message) stay here.
      parentPort.postMessage({
        type: "error",
        id,
        message: firstLine(error),
        code: error?.code,
      });
    }
  } else if (message.type === "close") {
    await client.close().catch(() => {});
    process.exit(0);
  }
});
parentPort.postMessage({ type: "ready" });
