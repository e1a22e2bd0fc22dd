import pg from "pg";
import { logLine, reasonOf } from "../platform/log-text";
import { realSchedule, type Schedule } from "./content-follower";

// One publisher, elected (decision 0162): with DATABASE_URL the instance holding a session-level
// advisory lock on a connection of its own (outside the pool, so no query of the pool can take or
// free it) builds the public site; the others do not. The lock belongs to the session: a publisher
// killed (or its connection cut) frees it, and the next instance to try — every 10 s — becomes the
// publisher and builds the newest published tree (`onElected`). The holder checks its connection at
// the same pace, so a connection silently gone makes it stop being publisher within a retry.

/** The publishers' lock (the migrations' is 2_026_026, the content write lock 2_026_048). */
export const publisherLockKey = 2_026_162;

export type PublisherElectionOptions = {
  databaseUrl: string;
  /** How often a non-publisher tries again and the publisher checks its connection (10 s). */
  retryMs?: number;
  schedule?: Schedule;
  log?: (message: string) => void;
};

export function electPublisher({ databaseUrl, retryMs = 10_000, schedule = realSchedule, log = (message) => console.log(message) }: PublisherElectionOptions) {
  let client: pg.Client | undefined;
  let publisher = false;
  let stopped = false;
  let cancel = () => {};
  const elected = new Set<() => void>();
  const lost = new Set<() => void>();

  const becomeFollower = (why: string) => {
    if (publisher) {
      publisher = false;
      log(logLine`publish: no longer the publisher (${why})`);
      for (const listener of lost) listener();
    }
  };

  const drop = (gone: pg.Client, why: string) => {
    if (client !== gone) return;
    client = undefined;
    void gone.end().catch(() => {});
    becomeFollower(why);
  };

  const next = () => {
    if (!stopped) cancel = schedule(() => void attempt(), retryMs);
  };

  async function attempt(): Promise<void> {
    if (stopped) return;
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
        fresh.on("error", (error) => drop(fresh, reasonOf(error)));
        fresh.on("end", () => drop(fresh, "its connection ended"));
        client = fresh;
        await fresh.connect();
      }
      const current = client;
      if (publisher) {
        // Still holding it: the session is alive.
        await current.query("select 1");
      } else {
        const result = await current.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [publisherLockKey]);
        if (result.rows[0]?.taken && client === current && !stopped) {
          publisher = true;
          log("publish: this instance is the publisher");
          for (const listener of elected) listener();
        }
      }
    } catch (error) {
      if (client) drop(client, reasonOf(error));
    }
    next();
  }

  const first = attempt();
  return {
    /** Whether this instance builds the public site now. */
    isPublisher: () => publisher,
    /**
     * Whether this instance holds the lock at this moment, asked of the session that holds it (not
     * the last try's answer): the moment before the bucket's pointer is written. A session gone or
     * without the lock makes it step down at once (`onLost`), without waiting for the next try.
     */
    async confirm(): Promise<boolean> {
      const current = client;
      if (!publisher || !current) return false;
      try {
        // A bigint key's lock is listed with classid = its high 32 bits, objid = its low ones, objsubid = 1.
        const result = await current.query<{ held: boolean }>(
          "select exists (select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted and classid = 0 and objid = $1 and objsubid = 1) as held",
          [publisherLockKey],
        );
        if (result.rows[0]?.held && client === current && publisher) return true;
        if (client === current) drop(current, "its session no longer holds the publishers' lock");
      } catch (error) {
        drop(current, reasonOf(error));
      }
      return false;
    },
    /** Called each time this instance becomes the publisher (at start, or after the last one died). */
    onElected(listener: () => void) {
      elected.add(listener);
      if (publisher) listener();
    },
    /** Called when this instance stops being the publisher (its connection lost). */
    onLost(listener: () => void) {
      lost.add(listener);
    },
    /** Resolves after the first try. */
    started: () => first,
    /** Stops trying; the lock, if held, is freed with the connection. */
    async stop() {
      stopped = true;
      cancel();
      const held = client;
      client = undefined;
      publisher = false;
      await held?.end().catch(() => {});
    },
  };
}

export type PublisherElection = ReturnType<typeof electPublisher>;
