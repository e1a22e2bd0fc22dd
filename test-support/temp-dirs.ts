import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import { rows, type Database } from "../server/db/db";
import { fixtureContentDir } from "../fixtures/fixture-content";
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

/**
 * Copies of the fixture content for the tests of one file, each in a folder named content (as the
 * studio names files: content/faq/moq.mdoc), removed after each test: `copy()` makes one.
 */
export function fixtureContentCopies(prefix: string) {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async copy(): Promise<string> {
      const parent = await mkdtemp(join(tmpdir(), prefix));
      made.push(parent);
      const dir = join(parent, "content");
      await cp(fixtureContentDir, dir, { recursive: true });
      return dir;
    },
  };
}
