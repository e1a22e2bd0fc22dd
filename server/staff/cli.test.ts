import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/db";
import { addStaffAccount } from "./accounts-cli";

/** `npm run staff:add -- …` as a person runs it, with STAFF_PASSWORD and its own data folder. */
function staffAdd(password: string, dataDir: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/staff/cli.ts", "--email", "ada@example.com", "--role", "admin", "--name", "Ada Admin"],
      { env: { ...process.env, STAFF_PASSWORD: password, DATA_DIR: dataDir, DATABASE_URL: "" }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stderr }),
    );
  });
}

describe("npm run staff:add", () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["aaaaaaaaaaaa", 'The new password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
    ["Ada Admin 12", "The new password is too easy to guess."],
    ["x".repeat(257), "The new password must have at most 256 characters (this one has 257)."],
  ])(
    "refuses %j with what would do, before it opens the database",
    async (password, message) => {
      dataDir = await mkdtemp(join(tmpdir(), "ssl-staff-cli-"));
      const { code, stderr } = await staffAdd(password, dataDir);
      expect(code).toBe(1);
      expect(stderr).toContain(`staff:add: ${message}`);
      expect(stderr).toContain("Nothing was created.");
      expect(await readdir(dataDir)).toEqual([]);
    },
    60_000,
  );

  it("refuses a weak password in addStaffAccount too (the seed and tests call it directly)", async () => {
    await expect(addStaffAccount({} as Database, { email: "ada@example.com", name: "Ada", role: "admin", password: "password1234" })).rejects.toThrow(
      "The new password is too easy to guess.",
    );
  });
});
