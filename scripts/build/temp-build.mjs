// For the steps' tests: a build folder in the system's temp folder with the given client files, and
// those files as the runner hands them to the steps.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ClientFiles } from "./client-files.mjs";

/** `client`: path under build/client → its text or bytes. */
export async function tempBuild(client = {}) {
  const buildDir = await mkdtemp(join(tmpdir(), "ssl-build-steps-"));
  for (const [path, body] of Object.entries(client)) {
    await mkdir(dirname(join(buildDir, "client", path)), { recursive: true });
    await writeFile(join(buildDir, "client", path), body);
  }
  await mkdir(join(buildDir, "client"), { recursive: true });
  const files = await ClientFiles.read(join(buildDir, "client"));
  return { buildDir, files, remove: () => rm(buildDir, { recursive: true, force: true }) };
}
