import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresUrl } from "../../test-support/databases";
import type { Schedule } from "./content-follower";
import { electPublisher, publisherLockKey, type PublisherElection } from "./publisher-election";

// Decision 0162: one publisher among the instances on one PostgreSQL database, elected by a
// session-level advisory lock on a connection of its own; a holder whose session dies frees it and
// another instance takes it at its next try. The tries run on a timer the test moves.

/** A timer the test runs by hand: `tick()` runs what is due now (every pending try). */
function manualTimer() {
  const pending = new Set<() => void>();
  const schedule: Schedule = (run) => {
    pending.add(run);
    return () => pending.delete(run);
  };
  return {
    schedule,
    pending: () => pending.size,
    tick() {
      const due = [...pending];
      pending.clear();
      for (const run of due) run();
    },
  };
}

/** Waits (real time, bounded) for the database or a connection to answer. */
async function until(done: () => boolean | Promise<boolean>, what: string, limitMs = 10_000) {
  const start = performance.now();
  while (!(await done())) {
    if (performance.now() - start > limitMs) throw new Error(`Still waiting after ${limitMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A TCP relay to the database that can go silent: `freeze()` stops passing bytes either way without
 * closing anything (a cable pulled, a network partition): no error, no end, just no answer.
 */
async function silentableRelay(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const pairs: [Socket, Socket][] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => {});
    upstream.on("error", () => {});
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    close() {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      server.close();
    },
  };
}

describe("the publisher, elected on PostgreSQL", () => {
  let url: string;
  let admin: pg.Client;
  const elections: PublisherElection[] = [];

  /** The backend holding the publishers' lock, if any. */
  // An advisory lock belongs to its database: other test files' instances on the same server hold the same key in theirs.
  const holderPid = async () => {
    const found = await admin.query<{ pid: number }>(
      "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())",
      [publisherLockKey],
    );
    return found.rows[0]?.pid;
  };

  beforeAll(async () => {
    url = await freshPostgresUrl();
    admin = new pg.Client(url);
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    for (const election of elections) await election.stop();
    await admin.end();
  });

  it("elects exactly one of three instances; when the holder's session is killed, another becomes publisher at its next try and is told to build", async () => {
    const timers = [manualTimer(), manualTimer(), manualTimer()];
    const elected = [0, 0, 0];
    const lost = [0, 0, 0];
    for (const [i, timer] of timers.entries()) {
      const election = electPublisher({ databaseUrl: url, retryMs: 10_000, schedule: timer.schedule, log: () => {} });
      election.onElected(() => elected[i]!++);
      election.onLost(() => lost[i]!++);
      await election.started();
      elections.push(election);
    }
    const publishers = () => elections.map((election) => election.isPublisher());
    expect(publishers()).toEqual([true, false, false]);
    expect(elected).toEqual([1, 0, 0]);

    // The others try again (and the holder checks its connection): still one publisher.
    for (const timer of timers) timer.tick();
    await until(() => timers.every((timer) => timer.pending() === 1), "every instance's next try");
    expect(publishers()).toEqual([true, false, false]);

    // The holder's session killed (as when its machine dies): the lock is freed with it.
    const pid = await holderPid();
    expect(pid).toBeDefined();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await until(() => !elections[0]!.isPublisher(), "the holder to notice its connection gone");
    expect(lost[0]).toBe(1);
    await until(async () => (await holderPid()) === undefined, "the lock to be freed");

    // The next try of the second instance takes it; the first, trying again, does not.
    timers[1]!.tick();
    await until(() => elections[1]!.isPublisher(), "the second instance to become publisher");
    timers[0]!.tick();
    timers[2]!.tick();
    await until(() => timers.every((timer) => timer.pending() === 1), "every instance's next try");
    expect(publishers()).toEqual([false, true, false]);
    expect(elected).toEqual([1, 1, 0]);
    expect(await holderPid()).not.toBe(pid);

    // Stopping the publisher (a clean shutdown) frees the lock for the next try too.
    await elections[1]!.stop();
    timers[2]!.tick();
    await until(() => elections[2]!.isPublisher(), "the third instance to become publisher");
    expect(elected).toEqual([1, 1, 1]);
  });

  it("confirm() asks the lock's own session: true for the holder, false for the others, and false (stepping down) once the holder's session is gone", async () => {
    const own = await freshPostgresUrl();
    const lost: number[] = [0, 0];
    const pair = [0, 1].map((i) => {
      const election = electPublisher({ databaseUrl: own, retryMs: 10_000, schedule: manualTimer().schedule, log: () => {} });
      election.onLost(() => lost[i]!++);
      elections.push(election);
      return election;
    });
    for (const election of pair) await election.started();
    // Both start at once: either may win the lock.
    const holderAt = pair.findIndex((election) => election.isPublisher());
    expect(pair.filter((election) => election.isPublisher())).toHaveLength(1);
    const [holder, other] = [pair[holderAt]!, pair[1 - holderAt]!];
    expect(await holder.confirm()).toBe(true);
    expect(await other.confirm()).toBe(false);

    const checker = new pg.Client(own);
    await checker.connect();
    try {
      const found = await checker.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())",
        [publisherLockKey],
      );
      await checker.query("select pg_terminate_backend($1)", [found.rows[0]!.pid]);
    } finally {
      await checker.end();
    }
    expect(await holder.confirm()).toBe(false);
    expect(holder.isPublisher()).toBe(false);
    expect(lost[holderAt]).toBe(1);
    expect(lost[1 - holderAt]).toBe(0);
  });

  it(
    "confirm() asks the session itself: a publisher whose connection went silent (no error, no end) hears no within the query's timeout, not its last try's yes",
    { timeout: 30_000 },
    async () => {
      const relay = await silentableRelay(await freshPostgresUrl());
      try {
        const election = electPublisher({ databaseUrl: relay.url, retryMs: 10_000, schedule: manualTimer().schedule, log: () => {} });
        elections.push(election);
        await election.started();
        expect(await election.confirm()).toBe(true);
        relay.freeze();
        // Nothing tells it: its last try said yes.
        expect(election.isPublisher()).toBe(true);
        const asked = performance.now();
        expect(await election.confirm()).toBe(false);
        expect(election.isPublisher()).toBe(false);
        // The connection's query timeout (10 s), not the next try's.
        expect(performance.now() - asked).toBeLessThan(15_000);
      } finally {
        relay.close();
      }
    },
  );
});
