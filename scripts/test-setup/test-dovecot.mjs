// A throw-away IMAP server for tests: Debian's Dovecot (`dovecot-imapd`) with a configuration of its
// own in a temporary folder — one passwd-file user, a maildir, plain IMAP on 127.0.0.1 at a port
// found free at run time (scripts/test-setup/free-port.mjs) — never /etc/dovecot or a system
// service. Every Dovecot process runs as one unprivileged user: the current user, or as root the
// `dovecot` system user the package creates (as test-postgres.mjs runs PostgreSQL as `postgres`).
// Tests put mail in the mailbox by IMAP APPEND, the real protocol, as a mail server delivering it
// would leave it there.
//
// CLI: `node scripts/test-setup/test-dovecot.mjs` starts one, prints its IMAP_URL, and stops it on Ctrl-C.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chown, mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { withFreePorts } from "./free-port.mjs";
import { idOf, runWhenMain, stopAndRemove } from "./throwaway-server.mjs";

export const dovecotBinary = "/usr/sbin/dovecot";

/** Dovecot's own capability list less IDLE: a server that makes its clients poll. */
const capabilitiesWithoutIdle =
  "IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE LITERAL+";

function configText({ dir, port, runAs, idle }) {
  return `# Written by scripts/test-setup/test-dovecot.mjs for one test run.
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = ssl-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
first_valid_gid = 1
default_login_user = ${runAs}
default_internal_user = ${runAs}
mail_location = maildir:${dir}/mail/%n
${idle ? "" : `imap_capability = ${capabilitiesWithoutIdle}\n`}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${runAs} gid=${runAs} home=${dir}/home/%n
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

/** True while a process of group `pgid` runs (a zombie left for init to reap does not count). */
function groupRunning(pgid) {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ")".
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pgid && state !== "Z") return true;
  }
  return false;
}

/** Resolves once the server greets on `port`; rejects when `exited` settles first or after `ms`. */
async function greeting(port, exited, ms = 20_000) {
  const deadline = Date.now() + ms;
  let stopped;
  exited.then((why) => (stopped = why));
  for (;;) {
    if (stopped) throw stopped;
    const greeted = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.setTimeout(2000, () => socket.destroy());
      socket.once("data", (data) => {
        socket.destroy();
        resolve(String(data).startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
      socket.once("close", () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not answer on 127.0.0.1:${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts Dovecot and resolves to `{ url, host, port, user, password, append, deliverToMaildir, messages, stop, start, close }`:
 * `url` is the IMAP_URL of its INBOX; `append(raw)` delivers a message by IMAP APPEND and resolves
 * to its UID; `deliverToMaildir(raw)` as local delivery does, also while the server is stopped; `messages()` lists the INBOX's UIDs, flags and Message-IDs; `stop()` shuts the server
 * down keeping the mailbox (fault tests), `start()` starts it again on the same port, `close()`
 * stops it and removes the folder. `idle: false` leaves IDLE out of the capabilities, so clients poll.
 */
export async function startTestDovecot({ idle = true } = {}) {
  if (!existsSync(dovecotBinary))
    throw new Error("Dovecot is not installed: run `bash scripts/test-setup/install-test-deps.sh` (Debian's dovecot-imapd package)");
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? "dovecot" : userInfo().username;
  const dir = await mkdtemp(join(tmpdir(), "ssl-dovecot-"));
  const user = "sales@example.com";
  const password = randomBytes(12).toString("hex");
  await writeFile(join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);
  await Promise.all(["run", "state", "mail", "home"].map((name) => mkdir(join(dir, name))));
  if (asRoot) {
    const { uid, gid } = await idOf(runAs);
    for (const path of ["", "passwd", "run", "state", "mail", "home"]) await chown(join(dir, path), uid, gid);
  }
  const configFile = join(dir, "dovecot.conf");

  let port;
  let master;
  const start = async () => {
    const args = ["-F", "-c", configFile];
    // A process group of its own: stopping ends every Dovecot process, the ones serving a connection too.
    const child = spawn(dovecotBinary, args, { stdio: ["ignore", "pipe", "pipe"], detached: true, ...(asRoot ? await idOf(runAs) : {}) });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    master = { child, exited };
    const failed = exited.then(async ({ code, signal }) => {
      const log = await readFile(join(dir, "dovecot.log"), "utf8").catch(() => "");
      const text = `${output}\n${log.split("\n").slice(-10).join("\n")}`;
      return Object.assign(new Error(`Dovecot exited (${signal ?? code}) while starting:\n${text.trim()}`), {
        code: /Address already in use/.test(text) ? "EADDRINUSE" : undefined,
      });
    });
    await greeting(port, failed);
  };
  /** Like a server going down: every process ends and every client's connection drops. */
  const stop = async () => {
    if (!master) return;
    const { child, exited } = master;
    master = undefined;
    const group = -child.pid;
    const signal = (name) => {
      try {
        process.kill(group, name);
        return true;
      } catch {
        return false; // the group is gone
      }
    };
    signal("SIGTERM");
    await exited;
    // Processes still serving a connection end with their group; wait until none is left running.
    for (let waited = 0; groupRunning(child.pid); waited += 20) {
      if (waited === 3000) signal("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  await withFreePorts(1, async ([free]) => {
    port = free;
    await writeFile(configFile, configText({ dir, port, runAs, idle }));
    if (asRoot) await chown(configFile, ...Object.values(await idOf(runAs)));
    await start();
  });

  const url = `imap://${encodeURIComponent(user)}:${password}@127.0.0.1:${port}/INBOX`;
  /** One short IMAP session: what a test does to the mailbox besides the reader under test. */
  const session = async (work) => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  return {
    url,
    host: "127.0.0.1",
    port,
    user,
    password,
    /** Delivers `raw` (the message's bytes) to INBOX by IMAP APPEND, unread; resolves to its UID. */
    append: (raw, flags = []) => session(async (client) => (await client.append("INBOX", raw, flags)).uid),
    /** Delivers each of `raws` in turn as `append` does, in one IMAP session; resolves to their UIDs. */
    appendAll: (raws) =>
      session(async (client) => {
        const uids = [];
        for (const raw of raws) uids.push((await client.append("INBOX", raw)).uid);
        return uids;
      }),
    /**
     * Delivers `raw` into the INBOX's maildir as a mail server's local delivery does (written in
     * tmp/, renamed into new/): works while the IMAP server is stopped, as mail keeps arriving when
     * IMAP is down; Dovecot gives it the next UID when it next looks.
     */
    async deliverToMaildir(raw) {
      const maildir = join(dir, "mail", user.split("@")[0]);
      const name = `${Date.now()}.${randomBytes(8).toString("hex")}.ssl-test`;
      await Promise.all(["tmp", "new", "cur"].map((sub) => mkdir(join(maildir, sub), { recursive: true })));
      await writeFile(join(maildir, "tmp", name), raw, { mode: 0o600 });
      if (asRoot) {
        const { uid, gid } = await idOf(runAs);
        for (const path of [maildir, join(maildir, "tmp"), join(maildir, "new"), join(maildir, "cur"), join(maildir, "tmp", name)]) await chown(path, uid, gid);
      }
      await rename(join(maildir, "tmp", name), join(maildir, "new", name));
    },
    /** Every message in INBOX: its UID, flags and Message-ID, in UID order. */
    messages: () =>
      session(async (client) => {
        const lock = await client.getMailboxLock("INBOX");
        try {
          const list = [];
          if (client.mailbox.exists === 0) return list;
          for await (const m of client.fetch("1:*", { uid: true, flags: true, envelope: true })) {
            list.push({ uid: m.uid, flags: [...(m.flags ?? [])], messageId: m.envelope?.messageId });
          }
          return list;
        } finally {
          lock.release();
        }
      }),
    stop,
    start,
    close: stopAndRemove(stop, dir),
  };
}

await runWhenMain(import.meta.url, startTestDovecot);
