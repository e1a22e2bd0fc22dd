// What test-postgres.mjs and test-dovecot.mjs share: a server from Debian's package in a temporary
// folder, run as an unprivileged system user when the tests run as root, stopped and its folder
// removed at the end, and started by hand from the command line.
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A system user's numeric ids: to chown its files and to run a process as it. */
export async function idOf(user) {
  const [uid, gid] = await Promise.all([run("id", ["-u", user]), run("id", ["-g", user])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/** A throw-away server's `close()`: stops it (one already stopped is fine), then removes its folder. */
export function stopAndRemove(stop, dir) {
  return async () => {
    await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * The CLI (`node scripts/test-setup/test-<server>.mjs`): when `moduleUrl` is the script node was
 * started with, starts one server, prints its URL, and closes it on Ctrl-C or SIGTERM.
 */
export async function runWhenMain(moduleUrl, startServer) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  const server = await startServer();
  console.log(server.url);
  // A server started by pg_ctl is not this process's child: without a timer node would exit here,
  // leaving PostgreSQL and its folder behind.
  setInterval(() => {}, 2 ** 30);
  const close = () => server.close().then(() => process.exit(0));
  process.on("SIGINT", close);
  process.on("SIGTERM", close);
}
