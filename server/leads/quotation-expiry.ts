import { errorForLog, logLine } from "../platform/log-text";
import type { Database } from "../db/db";
import { expireQuotations } from "./quotations";

/**
 * Marks quotations past their validity expired (decision 0110), at start and every hour: one statement
 * that only moves versions still "sent", so any number of instances running it change each once.
 */
export function startQuotationExpiry({ db, now = () => new Date(), everyMs = 60 * 60_000 }: { db: Database; now?: () => Date; everyMs?: number }) {
  const run = () =>
    expireQuotations(db, now()).then(
      (n) => {
        if (n > 0) console.log(logLine`quotations: ${now()} ${String(n)} expired`);
      },
      (error: unknown) => console.error(logLine`quotations: ${now()} expiry failed:`, errorForLog(error)),
    );
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), run };
}
