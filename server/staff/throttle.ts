import { createRateLimiter, type RateLimit } from "../platform/rate-limit";

export type SignInThrottleOptions = {
  /** Wrong passwords for one account from one client before that client must wait for it; default 5 per 15 minutes. */
  perAccountClient?: RateLimit;
  /** Wrong passwords from one client, whatever the account; default 20 per 15 minutes. */
  perClient?: RateLimit;
  /**
   * Wrong passwords for one account from every client together (a guesser with many addresses);
   * default 100 per 15 minutes. Past it, only a client the account signed in from lately may try.
   */
  perAccount?: RateLimit;
  /** How long a client the account signed in from stays known to it; default 30 days. */
  knownClientMs?: number;
  /** The clock (tests). */
  now?: () => number;
};

export const defaultSignInThrottle = {
  perAccountClient: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
  perAccount: { max: 100, windowMs: 15 * 60_000 },
  knownClientMs: 30 * 24 * 60 * 60_000,
} satisfies Required<Omit<SignInThrottleOptions, "now">>;

/** Clients remembered per account: its owner's few places (office, home, phone), not a crowd. */
const knownClientsPerAccount = 20;

/**
 * Sign-in throttle (decision 0066, after 0048): wrong passwords are counted per account and client,
 * so a guesser slows himself and not the account's owner elsewhere; per client, whatever the
 * account (one address trying many accounts); and per account from everywhere, a ceiling far above
 * the first that bounds a guesser with many addresses. Once a count is used up, even the right
 * password from there waits: otherwise the limit only slows the guesses that fail. Past the
 * ceiling, a client the account signed in from in the last 30 days may still try. In memory, per
 * instance: with n instances each count is n × its limit; a restart forgets them.
 */
export function createSignInThrottle(options: SignInThrottleOptions = {}) {
  const now = options.now ?? Date.now;
  const pairs = createRateLimiter(options.perAccountClient ?? defaultSignInThrottle.perAccountClient);
  const clients = createRateLimiter(options.perClient ?? defaultSignInThrottle.perClient);
  const accounts = createRateLimiter(options.perAccount ?? defaultSignInThrottle.perAccount);
  const knownClientMs = options.knownClientMs ?? defaultSignInThrottle.knownClientMs;
  /** account → client → when it last signed in; only successful sign-ins add to it. */
  const knownClients = new Map<string, Map<string, number>>();
  const accountKey = (email: string) => email.trim().toLowerCase();
  const pairKey = (account: string, client: string) => `${account}\n${client}`;

  const isKnown = (account: string, client: string, at: number) => {
    const since = knownClients.get(account)?.get(client);
    return since !== undefined && at - since < knownClientMs;
  };
  const wait = (limiter: ReturnType<typeof createRateLimiter>, key: string, at: number) =>
    limiter.exhausted(key, at) ? limiter.retryAfterSeconds(key, at) : 0;

  return {
    /** Seconds this client must wait before trying this account again, or 0 when it may try now. */
    waitSeconds(email: string, client: string): number {
      const at = now();
      const account = accountKey(email);
      return Math.max(wait(pairs, pairKey(account, client), at), wait(clients, client, at), isKnown(account, client, at) ? 0 : wait(accounts, account, at));
    },
    failed(email: string, client: string) {
      const at = now();
      const account = accountKey(email);
      pairs.hit(pairKey(account, client), at);
      clients.hit(client, at);
      accounts.hit(account, at);
    },
    /** The right password: this client's count for the account starts again, and the client is known to it. */
    succeeded(email: string, client: string) {
      const at = now();
      const account = accountKey(email);
      pairs.reset(pairKey(account, client));
      const known = knownClients.get(account) ?? new Map<string, number>();
      known.delete(client);
      known.set(client, at);
      for (const [old, since] of known) if (known.size > knownClientsPerAccount || at - since >= knownClientMs) known.delete(old);
      knownClients.set(account, known);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
