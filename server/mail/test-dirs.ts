import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/** A fresh outbox and client dir for each test of the mail endpoint, removed after it. */
export function tempDirsPerTest() {
  const dirs = { outboxDir: "", clientDir: "" };
  beforeEach(async () => {
    dirs.outboxDir = await mkdtemp(join(tmpdir(), "ssl-outbox-"));
    dirs.clientDir = await mkdtemp(join(tmpdir(), "ssl-client-"));
  });
  afterEach(async () => {
    await rm(dirs.outboxDir, { recursive: true, force: true });
    await rm(dirs.clientDir, { recursive: true, force: true });
  });
  return dirs;
}
