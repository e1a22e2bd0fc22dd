import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { startTestPostgres } from "../scripts/test-setup/test-postgres.mjs";
import { migrationsFolder } from "../server/db/db";

// vitest globalSetup, both made side by side once for the whole run and passed to the tests through
// `inject` (test-support/databases.ts):
// - one real PostgreSQL server (each test file makes its own database in it);
// - an embedded (PGlite) database migrated with the project's migrations and empty, as PGlite's
//   dumpDataDir image in a file. Making a PGlite database costs seconds of CPU (initdb, then every
//   migration): each test file's in-memory database starts from this image instead.
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "ssl-test-pglite-image-"));
  const pgliteImage = join(dir, "migrated.tar");
  const [server] = await Promise.all([startTestPostgres(), writeMigratedPgliteImage(pgliteImage)]);
  project.provide("postgresUrl", server.url);
  project.provide("pgliteImage", pgliteImage);
  return async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}

async function writeMigratedPgliteImage(file: string) {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    await writeFile(file, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await client.close();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The file holding a migrated, empty PGlite database (its dumpDataDir tarball). */
    pgliteImage: string;
  }
}
