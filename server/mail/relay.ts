import nodemailer, { type Transporter } from "nodemailer";
import { environmentDefaults } from "../../app/lib/contracts/environment.server";
import { reasonOf, type Database } from "../db/db";
import { Readable } from "node:stream";
import { LeadFiles } from "../leads/files";
import { claimMailJob, markMailJobFailed, markMailJobSent, msUntilNextMailJob } from "../leads/outbox";

export type MailRelayOptions = {
  /** smtp://user:pass@host:587 or smtps://… (nodemailer's connection URL). */
  smtpUrl: string;
  /** SMTP envelope sender and recipients (the .eml headers stay as written). */
  envelope: { from: string; to: string[] };
  /** First retry delay; doubles after each failure up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * How long a claimed job belongs to this instance. A server killed while sending leaves its claim
   * to expire; then another instance (or this one, restarted) sends the job. Longer than any send
   * can take (the SMTP timeouts below).
   */
  leaseMs?: number;
  /** Longest sleep between looks at the queue (jobs another instance failed, expired claims). */
  pollMaxMs?: number;
  /** Where a message kept in the bucket is read from (OBJECT_STORAGE_*, decision 0161); default: every message in the database. */
  files?: LeadFiles;
};

/**
 * Relays the mail jobs of the leads database (its outbox, server/leads/outbox.ts) to an SMTP server, oldest due first, one at a time per
 * instance. Any number of instances share the queue: a job is claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so two instances never send the same job at once. A job is marked sent only after
 * the SMTP server accepted the message; a failure keeps it and schedules the next attempt with
 * exponential back-off, stored in the database (so it holds across restarts and instances).
 */
export class MailRelay {
  private readonly transport: Transporter;
  private running = false;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private readonly pollMaxMs: number;
  private readonly files: LeadFiles;
  /** Jobs the SMTP server accepted while the database could not record it: recorded first next pass. */
  private readonly sentUnrecorded = new Set<number>();
  private databaseDown = false;

  constructor(
    private readonly db: Database,
    private readonly options: MailRelayOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
    this.retryMaxMs = options.retryMaxMs ?? 15 * 60_000;
    this.leaseMs = options.leaseMs ?? environmentDefaults.MAIL_RELAY_LEASE_SECONDS * 1000;
    this.pollMaxMs = options.pollMaxMs ?? 30_000;
    this.files = options.files ?? new LeadFiles();
    // Every send ends well within the lease: connect, greeting and an idle socket time out first.
    const timeout = Math.max(1_000, Math.floor(this.leaseMs / 4));
    // One connection kept open for the messages that follow (a queue after an outage drains
    // without a TCP and SMTP handshake per message).
    this.transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  /** Starts a relay pass (or queues one if a pass is running). Never throws. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  /** Resolves when no pass is running: for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.transport.close();
  }

  private async run() {
    this.running = true;
    let nextLookMs = this.pollMaxMs;
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.closed);
      nextLookMs = await this.msUntilNextDue();
      if (this.databaseDown) console.error("mail relay: the database is reachable again");
      this.databaseDown = false;
    } catch (error) {
      // The database is down or refusing: look again soon; nothing is lost (jobs stay unsent).
      if (!this.databaseDown) console.error("mail relay: the database is not answering, retrying:", reasonOf(error));
      this.databaseDown = true;
      nextLookMs = Math.min(this.retryBaseMs, this.pollMaxMs);
    } finally {
      this.running = false;
      this.schedule(nextLookMs);
    }
  }

  private async pass() {
    for (const id of this.sentUnrecorded) {
      await this.markSent(id);
      this.sentUnrecorded.delete(id);
    }
    while (!this.closed) {
      const job = await claimMailJob(this.db, this.leaseMs);
      if (!job) return;
      try {
        // A job with its own recipients (a quote's acknowledgement to the buyer) goes to them, from the site.
        const envelope = job.recipients ? { from: this.options.envelope.from, to: job.recipients.split(", ") } : this.options.envelope;
        // A message in the bucket is streamed from it to the SMTP server as it arrives (decision 0161);
        // the bucket down fails this attempt like an SMTP error: the job is kept and tried again.
        const raw = job.eml.content
          ? Buffer.from(job.eml.content)
          : Readable.fromWeb((await this.files.open(job.eml)) as import("node:stream/web").ReadableStream<Uint8Array>);
        await this.transport.sendMail({ envelope, raw });
      } catch (error) {
        const delay = Math.min(this.retryBaseMs * 2 ** (job.attempts - 1), this.retryMaxMs);
        const reason = reasonOf(error);
        await markMailJobFailed(this.db, job.id, delay, reason);
        console.error(`mail relay: job ${job.id} not sent (attempt ${job.attempts}), kept, retry in ${delay} ms:`, reason);
        continue;
      }
      try {
        await this.markSent(job.id);
      } catch (error) {
        this.sentUnrecorded.add(job.id);
        throw error;
      }
    }
  }

  private async markSent(id: number) {
    await markMailJobSent(this.db, id);
  }

  /** Milliseconds until the earliest unsent job is due, at most a poll's wait. */
  private async msUntilNextDue(): Promise<number> {
    const ms = await msUntilNextMailJob(this.db);
    return ms === undefined ? this.pollMaxMs : Math.min(Math.max(0, ms), this.pollMaxMs);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => this.kick(), ms);
    // A pending look must not keep a finished process (tests, shutdown) alive.
    this.timer.unref();
  }
}
