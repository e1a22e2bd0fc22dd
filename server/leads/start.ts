import { resolve } from "node:path";
import type { Environment } from "../../app/lib/contracts/environment.server";
import { openLeadsDatabase, type DatabaseOptions, type LeadsDatabase } from "../db/db";
import { importOutboxOnce } from "./import-outbox";

export type LeadsConfig = {
  database: DatabaseOptions;
  /** The former outbox folder, imported once (OUTBOX_DIR, default ./outbox). */
  outboxDir: string;
  /** MAIL_RELAY_LEASE_SECONDS: how long a relay's claim on a mail job lasts. */
  relayLeaseMs?: number;
};

/** The leads database settings from the parsed environment (app/lib/contracts/environment.server.ts). */
export function leadsConfigFrom(environment: Environment): LeadsConfig {
  return {
    database: environment.DATABASE_URL ? { databaseUrl: environment.DATABASE_URL } : { dataDir: resolve(environment.DATA_DIR) },
    outboxDir: resolve(environment.OUTBOX_DIR),
    relayLeaseMs: environment.MAIL_RELAY_LEASE_SECONDS * 1000,
  };
}

/**
 * Opens the database (migrating it) and imports the former outbox folder on the first start. A
 * failure here stops the start: the server must not acknowledge submissions it cannot store.
 */
export async function startLeads(config: LeadsConfig): Promise<LeadsDatabase> {
  const started = performance.now();
  const leads = await openLeadsDatabase(config.database);
  try {
    const { imported, alreadyDone } = await importOutboxOnce(leads.db, config.outboxDir);
    if (!alreadyDone) console.log(`Imported ${imported} messages from ${config.outboxDir} into the leads database (the files stay there)`);
  } catch (error) {
    await leads.close();
    throw new Error(
      `importing ${config.outboxDir} failed (nothing was imported; the next start tries again): ${error instanceof Error ? error.message : error}`,
      {
        cause: error,
      },
    );
  }
  console.log(`Leads database: ${leads.kind} at ${leads.location} (ready in ${Math.round(performance.now() - started)} ms)`);
  return leads;
}
