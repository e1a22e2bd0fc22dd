// A throw-away PostgreSQL server from Debian's package for tests and benchmarks: a fresh cluster
// in a temporary folder, on a loopback port found free at run time (scripts/test-setup/free-port.mjs), run by
// a non-root user (PostgreSQL refuses root: as root the server runs as the `postgres` system user
// the package creates, via runuser). Trust authentication on loopback only: test data, no secrets.
//
// CLI: `node scripts/test-setup/test-postgres.mjs` starts one, prints its URL, and stops it on Ctrl-C.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { withFreePorts } from "./free-port.mjs";
import { idOf, runWhenMain, stopAndRemove } from "./throwaway-server.mjs";

const run = promisify(execFile);

/** The newest installed server's bin folder (/usr/lib/postgresql/<major>/bin), or PG_BIN. */
export function postgresBin(env = process.env) {
  if (env.PG_BIN) return env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const bin = majors.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "pg_ctl")));
  if (!bin) throw new Error("PostgreSQL is not installed: run `bash scripts/install-test-deps.sh` (Debian's postgresql package)");
  return bin;
}

/**
 * Starts a PostgreSQL server and resolves to `{ url, port, stop, start, close }`: `stop()` shuts
 * it down keeping its data (fault tests), `start()` starts it again on the same port, `close()`
 * stops it and removes the folder.
 */
export async function startTestPostgres({ user = "postgres" } = {}) {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), "ssl-postgres-"));
  const data = join(dir, "data");
  if (asRoot) {
    const { uid, gid } = await idOf(user);
    await chown(dir, uid, gid);
  }
  const pg = (tool, args) => (asRoot ? run("runuser", ["-u", user, "--", join(bin, tool), ...args]) : run(join(bin, tool), args));
  await pg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);

  let port;
  const start = () =>
    pg("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      "start",
    ]).catch(async (error) => {
      // pg_ctl says "could not start server"; the reason (a port taken meanwhile) is in the log.
      const log = await run("tail", ["-n", "20", join(dir, "server.log")]).then(
        (r) => r.stdout,
        () => "",
      );
      throw Object.assign(new Error(`${error.message}\n${log}`), { code: /Address already in use/.test(log) ? "EADDRINUSE" : undefined });
    });
  await withFreePorts(1, async ([free]) => {
    port = free;
    await start();
  });
  const stop = () => pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    close: stopAndRemove(stop, dir),
  };
}

await runWhenMain(import.meta.url, startTestPostgres);
