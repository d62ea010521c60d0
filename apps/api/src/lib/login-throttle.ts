/**
 * Password-guessing throttle that cannot be turned into a lock-out (OWASP ASVS 5 §6.3).
 *
 * Only failures count, never successes, so a shared NAT that logs in all day is never slowed down.
 * Failures are counted per (account, IP) and per IP; each counter turns into a growing delay (the
 * next attempt from that pair or IP is refused until it has passed) rather than a hard lock. A
 * correct password from an address that has not failed for that account is therefore never refused:
 * an attacker can only slow down the addresses they guess from.
 *
 * In memory: the product runs as one process; a multi-process deployment would move it to Redis.
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

interface Entry {
  failures: number;
  /** No attempt is accepted before this time. */
  blockedUntil: number;
  /** The counter is forgotten after this time. */
  forgetAt: number;
}

export const defaultThrottleOptions: ThrottleOptions = {
  freePerAccountIp: 4,
  freePerIp: 20,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
};

export class LoginThrottle {
  private readonly pairs = new Map<string, Entry>();
  private readonly ips = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: ThrottleOptions = defaultThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds the caller must still wait before trying this account from this IP (0: go ahead). */
  waitSeconds(accountKey: string, ip: string): number {
    const now = this.now();
    const until = Math.max(
      this.live(this.pairs, pairKey(accountKey, ip), now)?.blockedUntil ?? 0,
      this.live(this.ips, ip, now)?.blockedUntil ?? 0,
    );
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Records one wrong password. */
  fail(accountKey: string, ip: string): void {
    const now = this.now();
    this.bump(this.pairs, pairKey(accountKey, ip), this.options.freePerAccountIp, now);
    this.bump(this.ips, ip, this.options.freePerIp, now);
  }

  /** A correct password clears that pair's failures (the IP counter keeps counting other accounts). */
  succeed(accountKey: string, ip: string): void {
    this.pairs.delete(pairKey(accountKey, ip));
  }

  private live(map: Map<string, Entry>, key: string, now: number): Entry | undefined {
    const entry = map.get(key);
    if (entry && entry.forgetAt <= now) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private bump(map: Map<string, Entry>, key: string, free: number, now: number) {
    const entry = this.live(map, key, now) ?? { failures: 0, blockedUntil: 0, forgetAt: 0 };
    entry.failures += 1;
    const over = entry.failures - free;
    // 30 s, 1 min, 2 min ... up to the maximum: each further guess costs twice as long as the last.
    const delay =
      over > 0 ? Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1)) : 0;
    entry.blockedUntil = now + delay;
    entry.forgetAt = now + delay + this.options.maxDelayMs;
    map.set(key, entry);
    if (map.size > 100_000) for (const [k, e] of map) if (e.forgetAt <= now) map.delete(k);
  }
}

const pairKey = (accountKey: string, ip: string) => `${accountKey}\u0000${ip}`;
