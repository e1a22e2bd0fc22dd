export type RateLimit = {
  /** Requests allowed per client in each window; 0 turns the limit off. */
  max: number;
  windowMs: number;
};

/** A fixed-window counter per key (client IP). Memory stays bounded: expired windows are pruned. */
export function createRateLimiter({ max, windowMs }: RateLimit) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts a request; false when the key is over its limit (answer 429). */
    hit(key: string, now = Date.now()): boolean {
      if (max <= 0) return true;
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return true;
      }
      current.count++;
      return current.count <= max;
    },
    /** Whether the key has used its whole window (its next hit is refused), without counting. */
    exhausted(key: string, now = Date.now()): boolean {
      const current = windows.get(key);
      return max > 0 && !!current && current.resetAt > now && current.count >= max;
    },
    /** Forgets a key's count. */
    reset(key: string): void {
      windows.delete(key);
    },
    retryAfterSeconds(key: string, now = Date.now()): number {
      const w = windows.get(key);
      return w ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 1;
    },
  };
}
