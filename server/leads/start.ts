import { resolve } from "node:path";
import type { Environment } from "../../app/lib/contracts/environment.server";
import { openLeadsDatabase, type DatabaseOptions, type LeadsDatabase } from "../db/db";
import { importOutboxOnce } from "./import-outbox";
import { ConfigError } from "../platform/config-error";
import type { ObjectStorageSettings } from "../platform/object-storage";

export type LeadsConfig = {
  database: DatabaseOptions;
  /** The former outbox folder, imported once (OUTBOX_DIR, default ./outbox). */
  outboxDir: string;
  /** MAIL_RELAY_LEASE_SECONDS: how long a relay's claim on a mail job lasts. */
  relayLeaseMs?: number;
  /** OBJECT_STORAGE_*: the bucket new files of leads go to (decision 0161); unset: in the database. */
  objectStorage?: ObjectStorageSettings;
};

const objectStorageVariables = [
  "OBJECT_STORAGE_ENDPOINT",
  "OBJECT_STORAGE_BUCKET",
  "OBJECT_STORAGE_ACCESS_KEY_ID",
  "OBJECT_STORAGE_SECRET_ACCESS_KEY",
] as const;

/** The bucket's settings: all four variables set, or none (then undefined); some of them only is a ConfigError naming the missing ones. */
export function objectStorageFrom(environment: Environment): ObjectStorageSettings | undefined {
  const missing = objectStorageVariables.filter((name) => !environment[name]);
  if (missing.length === objectStorageVariables.length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(`${missing.join(", ")}: must be set with the other OBJECT_STORAGE_* variables (the leads' files in object storage)`);
  return {
    endpoint: environment.OBJECT_STORAGE_ENDPOINT!,
    bucket: environment.OBJECT_STORAGE_BUCKET!,
    region: environment.OBJECT_STORAGE_REGION,
    accessKeyId: environment.OBJECT_STORAGE_ACCESS_KEY_ID!,
    secretAccessKey: environment.OBJECT_STORAGE_SECRET_ACCESS_KEY!,
  };
}

/** The leads database settings from the parsed environment (app/lib/contracts/environment.server.ts). */
export function leadsConfigFrom(environment: Environment): LeadsConfig {
  return {
    database: environment.DATABASE_URL ? { databaseUrl: environment.DATABASE_URL } : { dataDir: resolve(environment.DATA_DIR) },
    outboxDir: resolve(environment.OUTBOX_DIR),
    relayLeaseMs: environment.MAIL_RELAY_LEASE_SECONDS * 1000,
    objectStorage: objectStorageFrom(environment),
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
