/**
 * Password-guessing throttle that cannot be turned into a lock-out (OWASP ASVS 5 §6.3).
 *
 * Only failures count, never successes, so a shared NAT that logs in all day is never slowed down.
 * Failures are counted per (account, IP) and per IP; each counter turns into a growing delay (the
 * next attempt from that pair or IP is refused until it has passed) rather than a hard lock. A
 * correct password from an address that has not failed for that account is therefore never refused:
 * an attacker can only slow down the addresses they guess from.
 *
 * The counters live in a store: in memory for one process, in Redis when several processes (or
 * machines) serve one database, so a guesser gets the same number of tries wherever the load balancer
 * sends them (lib/redis-throttle-store.ts).
 */
export interface ThrottleOptions {
  /** Failures allowed for one account from one IP before delays start. */
  freePerAccountIp: number;
  /** Failures allowed from one IP over all accounts before delays start. */
  freePerIp: number;
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number;
  /** Longest delay; also how long a counter is remembered after its last failure. */
  maxDelayMs: number;
  now?: () => number;
}

/** One counter: how many failures, and until when the next attempt is refused. */
export interface ThrottleEntry {
  failures: number;
  /** No attempt is accepted before this time (ms since the epoch). */
  blockedUntil: number;
}

/** Where the counters live. Every method is one atomic step, so concurrent failures never get lost. */
export interface ThrottleStore {
  /** The live counter under `key`, if any. */
  get(key: string, now: number): Promise<ThrottleEntry | undefined>;
  /** Adds one failure; when over `free`, blocks for a doubling delay; forgets the key after `forgetMs`. */
  fail(key: string, rule: DelayRule, now: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface DelayRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 30 s, 1 min, 2 min ... up to the maximum: each further guess costs twice as long as the last. */
export function delayAfter(failures: number, rule: DelayRule): number {
  const over = failures - rule.free;
  return over > 0 ? Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (over - 1)) : 0;
}

export const defaultThrottleOptions: ThrottleOptions = {
  freePerAccountIp: 4,
  freePerIp: 20,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
};

export class LoginThrottle {
  private readonly now: () => number;

  constructor(
    private readonly store: ThrottleStore = createMemoryThrottleStore(),
    private readonly options: ThrottleOptions = defaultThrottleOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds the caller must still wait before trying this account from this IP (0: go ahead). */
  async waitSeconds(accountKey: string, ip: string): Promise<number> {
    const now = this.now();
    const [pair, perIp] = await Promise.all([
      this.store.get(pairKey(accountKey, ip), now),
      this.store.get(ipKey(ip), now),
    ]);
    const until = Math.max(pair?.blockedUntil ?? 0, perIp?.blockedUntil ?? 0);
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Records one wrong password. */
  async fail(accountKey: string, ip: string): Promise<void> {
    const now = this.now();
    const { baseDelayMs, maxDelayMs } = this.options;
    await Promise.all([
      this.store.fail(
        pairKey(accountKey, ip),
        { free: this.options.freePerAccountIp, baseDelayMs, maxDelayMs },
        now,
      ),
      this.store.fail(ipKey(ip), { free: this.options.freePerIp, baseDelayMs, maxDelayMs }, now),
    ]);
  }

  /** A correct password clears that pair's failures (the IP counter keeps counting other accounts). */
  async succeed(accountKey: string, ip: string): Promise<void> {
    await this.store.delete(pairKey(accountKey, ip));
  }
}

const pairKey = (accountKey: string, ip: string) => `pair:${accountKey}\u0000${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** One process's counters. A counter is forgotten a maximum delay after its block ends. */
export function createMemoryThrottleStore(): ThrottleStore {
  const entries = new Map<string, ThrottleEntry & { forgetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.forgetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key, now) {
      return live(key, now);
    },
    async fail(key, rule, now) {
      const entry = live(key, now) ?? { failures: 0, blockedUntil: 0, forgetAt: 0 };
      entry.failures += 1;
      const delay = delayAfter(entry.failures, rule);
      entry.blockedUntil = now + delay;
      entry.forgetAt = now + delay + rule.maxDelayMs;
      entries.set(key, entry);
      if (entries.size > 100_000) for (const [k, e] of entries) if (e.forgetAt <= now) entries.delete(k);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
