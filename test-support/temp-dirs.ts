import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import { rows, type Database } from "../server/db/db";
import { testDatabasePerFile } from "./databases";

/** A database that is down: every transaction fails as a refused connection would. */
export const unavailableDatabase = { transaction: () => Promise.reject(new Error("connection refused")) } as unknown as Database;

/**
 * A client dir for each test of the mail endpoint, removed after it, and the leads database (one
 * in-memory PGlite per test file, emptied before each test).
 */
export function tempDirsPerTest() {
  const leads = testDatabasePerFile("PGlite");
  const dirs = {
    clientDir: "",
    get database() {
      return leads.db;
    },
    /** Every stored message (.eml as the company receives it), oldest first. */
    async storedEmls(): Promise<string[]> {
      const stored = await rows<{ eml: Uint8Array }>(leads.db, sql`select eml from leads order by id`);
      return stored.map((row) => Buffer.from(row.eml).toString("utf8"));
    },
  };
  beforeEach(async () => {
    dirs.clientDir = await mkdtemp(join(tmpdir(), "ssl-client-"));
  });
  afterEach(async () => {
    await rm(dirs.clientDir, { recursive: true, force: true });
  });
  return dirs;
}
