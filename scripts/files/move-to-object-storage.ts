/**
 * `npm run files:move-to-object-storage`: moves the leads' files, their `.eml`, the mail jobs' own
 * messages, the sent quotations' PDFs and the content history's photos still kept in the database (everything from before
 * OBJECT_STORAGE_* was set, and whatever came while the bucket was down) to the bucket, each once
 * (decision 0161; server/leads/files.ts). Ctrl-C stops it after the file in hand;
 * run it again to go on. With PostgreSQL (DATABASE_URL) it runs beside the servers; the embedded
 * database (DATA_DIR) is one process's: stop the server first. It also removes from the bucket the
 * objects of files deleted with their leads. Exit code 1 when a file could not be moved (it stays in
 * the database; the next run tries it again).
 */
import { readEnvironment } from "../../app/lib/contracts/environment.server";
import { openLeadsDatabase } from "../../server/db/db";
import { moveFilesToObjectStorage, removeQueuedObjects, type MovedKind } from "../../server/leads/files";
import { leadsConfigFrom } from "../../server/leads/start";
import { objectStorage } from "../../server/platform/object-storage";

/** How each kind is named in the command's lines, with its row's id. */
const movedNames: Record<MovedKind, string> = {
  file: "file",
  "lead-mail": "lead's .eml",
  "mail-job": "mail job's message",
  "quotation-pdf": "quotation's PDF",
  "content-blob": "content photo",
};

async function main(): Promise<number> {
  const config = leadsConfigFrom(readEnvironment());
  if (!config.objectStorage) {
    console.error("OBJECT_STORAGE_ENDPOINT, OBJECT_STORAGE_BUCKET and the key pair are not set: there is no bucket to move the files to (.env.example)");
    return 2;
  }
  const storage = objectStorage(config.objectStorage);
  const leads = await openLeadsDatabase(config.database);
  const stop = new AbortController();
  const stopping = () => {
    console.log("Stopping after the file in hand; run the command again to go on.");
    stop.abort();
  };
  process.once("SIGINT", stopping);
  process.once("SIGTERM", stopping);
  try {
    console.log(`Moving the leads' files from the ${leads.kind} database to the bucket ${config.objectStorage.bucket}…`);
    const report = await moveFilesToObjectStorage(leads.db, storage, {
      signal: stop.signal,
      onMoved: (id, kind) => console.log(`moved ${movedNames[kind]} ${id}`),
      onFailed: (id, reason, kind) => console.error(`${movedNames[kind]} ${id} stays in the database: ${reason}`),
    });
    const removed = report.stopped ? 0 : await removeQueuedObjects(leads.db, storage);
    console.log(
      `${report.moved} file${report.moved === 1 ? "" : "s"} moved, ${report.failed} failed${report.stopped ? ", stopped" : ""}; ${removed} deleted file${removed === 1 ? "" : "s"} removed from the bucket`,
    );
    return report.failed > 0 ? 1 : 0;
  } finally {
    await leads.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`Moving the files failed: ${error instanceof Error ? error.message : error}`);
  return 1;
});
