import { ImapFlow, type FetchMessageObject } from "imapflow";
import { errorForLog, logLine } from "../../platform/log-text";
import type { ImapSettings } from "./imap-settings";
import { inboundCursor, keepInboundAside, storeInboundMessages, type InboundMessage, type InboundStored } from "../../leads/conversations";
import { reasonOf, type Database } from "../../db/db";
import type { LeadFiles } from "../../leads/files";
import { messageMaxBytes, parseInbound } from "./parse-inbound";

export type ImapReaderOptions = {
  settings: ImapSettings;
  /** The leads database: the reader's cursor, and where each answer is threaded and stored once (server/leads/conversations.ts). */
  db: Database;
  /** The assignee's e-mail about a stored answer (answer-notice.ts); none: nobody is told. */
  notify?: Parameters<typeof storeInboundMessages>[1]["notify"];
  /** Where the answers' attachments go: the bucket when it names one (decision 0161), else the database. */
  files?: LeadFiles;
  /** Called after a batch stored answers (their e-mails are queued): wakes the relay. */
  stored?: () => void;
  /** How often a server without IDLE is asked for new mail. */
  pollMs?: number;
  /** With IDLE: how often IDLE is renewed and the mailbox read anyway (servers drop an IDLE after 30 minutes). */
  idleRenewMs?: number;
  /** The wait after the first failure, doubled after each further one up to `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
  /** Messages fetched and stored together (a restart repeats at most one batch; memory stays bounded). */
  batchSize?: number;
  /** Before its first read (no cursor yet, or the mailbox's UIDVALIDITY changed) the reader looks this far back. */
  firstReadDays?: number;
  log?: { info(line: string): void; warn(line: string): void };
  now?: () => Date;
  /** Starts a wait (the backoff, a poll, IDLE's renewal) and returns what cancels it: tests give one that does not wait the real time. */
  setTimer?: (run: () => void, ms: number) => () => void;
};

export const readerDefaults = { batchSize: 20, pollMs: 30_000, idleRenewMs: 5 * 60_000, backoff: { firstMs: 1000, maxMs: 5 * 60_000 }, firstReadDays: 30 };

/** The bytes fetched in one batch at most (a batch holds one message over it, read by its headers). */
const batchMaxBytes = 40 * 1024 * 1024;

/**
 * SQLSTATE classes of a database that is not answering, not of one message: connection, the
 * transaction rolled back (deadlock, serialization), resources, operator intervention, system.
 */
const outageClasses = new Set(["08", "40", "53", "57", "58", "XX"]);
const sqlStateOf = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/** How long `stop()` lets a command in flight finish before it closes the connection. */
const stopGraceMs = 5000;

export type ImapReader = {
  /** Ends the reader: the current batch finishes storing, the connection is logged out. */
  stop(): Promise<void>;
};

/**
 * Reads new mail in the company's mailbox into the leads (decision 0106): IDLE when the server
 * offers it, else a poll every `pollMs`; from the cursor the database keeps (UIDVALIDITY and the
 * last UID looked at), in batches, each message stored in one statement with the cursor's move. A
 * connection that fails or drops, or a read that fails, is tried again after a wait that doubles up
 * to `backoff.maxMs`, every failure logged on one line; nothing here throws out of the reader.
 * Messages are fetched with BODY.PEEK: a message that answers no lead keeps its flags; one
 * threaded into a lead is marked \Seen (decision 0107).
 */
export function startImapReader(options: ImapReaderOptions): ImapReader {
  const { settings, db, notify, files } = options;
  const pollMs = options.pollMs ?? readerDefaults.pollMs;
  const idleRenewMs = options.idleRenewMs ?? readerDefaults.idleRenewMs;
  const backoff = options.backoff ?? readerDefaults.backoff;
  const firstReadDays = options.firstReadDays ?? readerDefaults.firstReadDays;
  const batchSize = options.batchSize ?? readerDefaults.batchSize;
  const log = options.log ?? { info: (line: string) => console.log(line), warn: (line: string) => console.warn(line) };
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? realTimer;
  const label = settings.label;

  let stopping = false;
  let client: ImapFlow | undefined;
  /** Ends the current wait (new mail, the connection closing, stop). */
  let wake: () => void = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const cancel = setTimer(done, ms);
      function done() {
        cancel();
        wake = () => {};
        resolve();
      }
      wake = done;
    });

  /** Moves the cursor alone (messages skipped, or kept aside); throws when the database does not answer. */
  const moveCursor = (uidValidity: number, lastUid: number) => storeInboundMessages(db, { mailbox: label, uidValidity, lastUid, messages: [] });

  /**
   * Stores one message with the cursor's move to its UID. A message the database refuses while it
   * still answers a statement without it (the cursor's move) is the message's fault: it is kept
   * aside — left unread in the mailbox, the cursor past it, one log line and one audit entry
   * (`mail.kept-aside`, written as the cursor moves past it) with its UID and the SQLSTATE, nothing
   * it says — so it never holds back the mail after it (decision 0133). Any
   * other failure (the database down) ends the session: the batch is read again after the wait.
   */
  async function storeOne(uidValidity: number, uid: number, message: InboundMessage): Promise<InboundStored | undefined> {
    try {
      const [result] = await storeInboundMessages(db, { mailbox: label, uidValidity, lastUid: uid, messages: [message], notify, files });
      return result;
    } catch (error) {
      const state = sqlStateOf(error);
      // 08P01 is PostgreSQL refusing the statement's form (a protocol violation), not a lost connection.
      if (state && state !== "08P01" && outageClasses.has(state.slice(0, 2))) throw error;
      await keepInboundAside(db, { mailbox: label, uidValidity, uid, sqlState: state });
      log.warn(
        `${logLine`imap: ${label}: message UID ${uid} could not be stored`} (${state ? `SQLSTATE ${state}` : "no SQLSTATE"}) and is left unread in the mailbox; reading on`,
      );
      return undefined;
    }
  }

  /**
   * One batch, message by message in UID order: each stored on its own, so none holds back another;
   * \Seen on the UIDs the desk has (stored, or that very message stored before), never on a
   * message that only shares a stored one's Message-ID (decision 0133).
   */
  async function readBatch(imap: ImapFlow, uidValidity: number, uids: number[], sizes: Map<number, number>) {
    const whole = uids.filter((uid) => (sizes.get(uid) ?? 0) <= messageMaxBytes);
    const large = uids.filter((uid) => (sizes.get(uid) ?? 0) > messageMaxBytes);
    const fetched: FetchMessageObject[] = [
      ...(whole.length ? await imap.fetchAll(whole.join(","), { uid: true, source: true, internalDate: true }, { uid: true }) : []),
      ...(large.length ? await imap.fetchAll(large.join(","), { uid: true, headers: true, internalDate: true, size: true }, { uid: true }) : []),
    ];
    const seen: number[] = [];
    let stored = 0;
    let cursorAt = 0;
    for (const m of fetched.sort((a, b) => a.uid - b.uid)) {
      const raw = m.source ?? m.headers;
      if (!raw) continue;
      const receivedAt = m.internalDate ? new Date(m.internalDate) : undefined;
      let read: Awaited<ReturnType<typeof parseInbound>>;
      try {
        read = await parseInbound(raw, { receivedAt, size: sizes.get(m.uid) ?? raw.length });
      } catch (error) {
        // One message the parser cannot read must not hold back the ones after it: it stays in the mailbox.
        log.warn(logLine`imap: ${label}: message UID ${m.uid} could not be read and is left in the mailbox: ${errorForLog(error)}`);
        continue;
      }
      if (read.kind === "skipped") continue;
      const result = await storeOne(uidValidity, m.uid, read.message);
      cursorAt = m.uid;
      if (!result) continue;
      if (result.stored) stored += 1;
      if (result.inDesk) seen.push(m.uid);
      else if (result.leadId !== null)
        log.warn(logLine`imap: ${label}: message UID ${m.uid} has the Message-ID of another message the desk has and is left unread in the mailbox`);
    }
    const last = Math.max(...uids);
    if (cursorAt < last) await moveCursor(uidValidity, last);
    if (stored) {
      log.info(`imap: ${stored} answer${stored === 1 ? "" : "s"} ${logLine`from ${label}`} threaded into leads`);
      options.stored?.();
    }
    if (seen.length) await imap.messageFlagsAdd(seen.join(","), ["\\Seen"], { uid: true });
  }

  /** Reads everything after the cursor (or, before the first read, the last `firstReadDays` days). */
  async function catchUp(imap: ImapFlow) {
    const mailbox = imap.mailbox;
    if (!mailbox) throw new Error(`the folder ${settings.mailbox} is not open`);
    const uidValidity = Number(mailbox.uidValidity);
    const cursor = await inboundCursor(db, label);
    const since = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid : undefined;
    const found =
      since === undefined
        ? await imap.search({ since: new Date(now().getTime() - firstReadDays * 86_400_000) }, { uid: true })
        : await imap.search({ uid: `${since + 1}:*` }, { uid: true });
    // "n:*" names the last message even when its UID is below n.
    const uids = (found || []).filter((uid) => since === undefined || uid > since).sort((a, b) => a - b);
    if (uids.length === 0) return;
    const sizes = new Map<number, number>();
    for (const m of await imap.fetchAll(uids.join(","), { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
    let batch: number[] = [];
    let bytes = 0;
    for (const uid of uids) {
      const size = Math.min(sizes.get(uid) ?? 0, messageMaxBytes);
      if (batch.length && (batch.length >= batchSize || bytes + size > batchMaxBytes)) {
        await readBatch(imap, uidValidity, batch, sizes);
        batch = [];
        bytes = 0;
      }
      if (stopping) return;
      batch.push(uid);
      bytes += size;
    }
    await readBatch(imap, uidValidity, batch, sizes);
  }

  /** One connection: open the folder, then read, wait, read … until it fails or the reader stops. */
  async function session(imap: ImapFlow, failures: number, readThrough: () => void) {
    await imap.connect();
    await imap.mailboxOpen(settings.mailbox);
    const idle = imap.capabilities.has("IDLE");
    const mode = idle ? "IDLE" : `no IDLE: polling every ${seconds(pollMs)} s`;
    const back = failures ? `, reachable again after ${failures} failed attempt${failures === 1 ? "" : "s"}` : "";
    log.info(`${logLine`imap: reading ${label}`} (${mode})${back}`);
    let changed = true;
    imap.on("exists", () => {
      changed = true;
      wake();
    });
    imap.on("close", () => wake());
    for (;;) {
      if (stopping) return;
      if (!imap.usable) throw new Error("the connection closed");
      if (changed) {
        changed = false;
        await catchUp(imap);
        readThrough();
        continue;
      }
      // IDLE runs until the next command breaks it (imapflow sends DONE first).
      if (idle) void imap.idle().catch(() => {});
      await pause(idle ? idleRenewMs : pollMs);
      // Polling, and IDLE's renewal, read the mailbox whether or not it said anything.
      changed = true;
    }
  }

  const running = (async () => {
    let failures = 0;
    while (!stopping) {
      const imap = new ImapFlow({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: { user: settings.user, pass: settings.password },
        logger: false,
        disableAutoIdle: true,
        maxIdleTime: idleRenewMs,
        connectionTimeout: 30_000,
      });
      client = imap;
      // An error also rejects the command in flight or ends the session: the catch below logs it.
      imap.on("error", () => {});
      let readThrough = false;
      try {
        await session(imap, failures, () => (readThrough = true));
      } catch (error) {
        if (stopping) break;
        // A session that read the folder through starts the count again: the server and the
        // database were there. One that opened the folder and failed while reading (the database
        // refusing, a message that breaks every read) waits longer each time, as a refused connection does.
        failures = readThrough ? 1 : failures + 1;
        const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1));
        const code = error instanceof Error && "code" in error && error.code ? ` (${String(error.code)})` : "";
        // reasonOf: a database error's message would list the query's values (what a buyer wrote).
        log.warn(`${logLine`imap: ${label}: ${`${reasonOf(error)}${code}`}`}; trying again in ${seconds(delay)} s (attempt ${failures})`);
        imap.close();
        await pause(delay);
      }
    }
    const last = client;
    client = undefined;
    if (last?.usable) await last.logout().catch(() => last.close());
    else last?.close();
  })().catch((error: unknown) => log.warn(logLine`imap: ${label}: the reader stopped: ${errorForLog(error)}`));

  return {
    async stop() {
      stopping = true;
      wake();
      // A command still waiting on the server after a few seconds is cut off with the connection.
      const cutOff = setTimeout(() => client?.close(), stopGraceMs);
      await running;
      clearTimeout(cutOff);
    },
  };
}
