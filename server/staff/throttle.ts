import { createRateLimiter, type RateLimit } from "../mail/rate-limit";

export type SignInThrottleOptions = {
  /** Wrong passwords for one account before it must wait, from anywhere; default 5 per 15 minutes. */
  perAccount?: RateLimit;
  /** Wrong passwords from one client before it must wait, whatever the account; default 20 per 15 minutes. */
  perClient?: RateLimit;
};

export const defaultSignInThrottle = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
} satisfies Required<SignInThrottleOptions>;

/**
 * Sign-in throttle (decision 0048): wrong passwords are counted per account (a guesser spreading
 * over many addresses) and per client (one address trying many accounts). Once either is used up,
 * even the right password waits: otherwise the limit only slows the guesses that fail. In memory,
 * per instance: with n instances an account gets at most n × the limit.
 */
export function createSignInThrottle(options: SignInThrottleOptions = {}) {
  const accounts = createRateLimiter(options.perAccount ?? defaultSignInThrottle.perAccount);
  const clients = createRateLimiter(options.perClient ?? defaultSignInThrottle.perClient);
  const accountKey = (email: string) => email.trim().toLowerCase();
  return {
    /** Seconds to wait before trying again, or 0 when this sign-in may be tried. */
    waitSeconds(email: string, client: string): number {
      const waits = [
        accounts.exhausted(accountKey(email)) ? accounts.retryAfterSeconds(accountKey(email)) : 0,
        clients.exhausted(client) ? clients.retryAfterSeconds(client) : 0,
      ];
      return Math.max(...waits);
    },
    failed(email: string, client: string) {
      accounts.hit(accountKey(email));
      clients.hit(client);
    },
    succeeded(email: string) {
      accounts.reset(accountKey(email));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
