/**
 * Fixed-window counter in memory. The product runs as one process, so this is exact; a
 * multi-process deployment would move it to the database or Redis.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; returns the seconds to wait when the key is over its limit. */
  hit(key: string): { limited: boolean; retryAfterSeconds: number } {
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 100_000) this.sweep(now);
    }
    entry.count += 1;
    return { limited: entry.count > this.max, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  isLimited(key: string): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > this.now() && entry.count >= this.max;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
