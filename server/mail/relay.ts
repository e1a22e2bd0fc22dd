import nodemailer, { type Transporter } from "nodemailer";
import type { Outbox } from "./outbox";

export type RelayOptions = {
  /** smtp://user:pass@host:587 or smtps://… (nodemailer's connection URL). */
  smtpUrl: string;
  /** SMTP envelope sender and recipients (the .eml headers stay as written). */
  envelope: { from: string; to: string[] };
  /** First retry delay; doubles after each failure up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
};

/**
 * Relays stored messages to an SMTP server, one at a time, oldest first. A message leaves the
 * outbox (for `sent/`) only after the server accepted it; a failure keeps it and retries it later
 * with exponential back-off, so a lead is never lost while the mail server is down.
 */
export class Relay {
  private readonly transport: Transporter;
  private readonly retries = new Map<string, { failures: number; nextAt: number }>();
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;

  constructor(
    private readonly outbox: Outbox,
    private readonly options: RelayOptions,
  ) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
    this.retryMaxMs = options.retryMaxMs ?? 15 * 60_000;
  }

  /** Starts a relay pass (or queues one if a pass is running). Never throws. */
  kick(): void {
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
    clearTimeout(this.timer);
    this.transport.close();
  }

  private async run() {
    this.running = true;
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again);
    } catch (error) {
      console.error("mail relay: pass failed:", error);
    } finally {
      this.running = false;
      this.scheduleRetry();
    }
  }

  private async pass() {
    for (const name of await this.outbox.pending()) {
      const retry = this.retries.get(name);
      if (retry && retry.nextAt > Date.now()) continue;
      try {
        const raw = await this.outbox.read(name);
        await this.transport.sendMail({ envelope: this.options.envelope, raw });
        await this.outbox.markSent(name);
        this.retries.delete(name);
      } catch (error) {
        const failures = (retry?.failures ?? 0) + 1;
        const delay = Math.min(this.retryBaseMs * 2 ** (failures - 1), this.retryMaxMs);
        this.retries.set(name, { failures, nextAt: Date.now() + delay });
        console.error(
          `mail relay: ${name} not sent (attempt ${failures}), kept in the outbox, retry in ${delay} ms:`,
          error instanceof Error ? error.message : error,
        );
      }
    }
  }

  private scheduleRetry() {
    clearTimeout(this.timer);
    if (this.retries.size === 0) return;
    const next = Math.min(...[...this.retries.values()].map((r) => r.nextAt));
    this.timer = setTimeout(() => this.kick(), Math.max(0, next - Date.now()));
    // Pending retries must not keep a finished process (tests, shutdown) alive.
    this.timer.unref();
  }
}
