import type { TestProject } from "vitest/node";
import { startTestPostgres } from "../scripts/test-setup/test-postgres.mjs";

// vitest globalSetup: one real PostgreSQL server for the whole run (each test file makes its own
// database in it, test-support/databases.ts); its URL reaches the tests through `inject`.
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
