/**
 * Password-guessing throttle that a crowd behind one address can live with (OWASP ASVS 5 §6.3,
 * OWASP's "device cookies"; docs/decisions/016-login-throttle-and-device-cookies.md).
 *
 * Only failures count, never successes, and every counter turns into a growing delay (the next
 * attempt is refused until it has passed), never a lock. The counters:
 *
 * - per (account, address): 4 free failures, then 30 s doubling to 15 min. Unknown names are counted
 *   by the typed name, so an unknown name behaves exactly like a known one.
 * - per address, failures on real accounts: a crowd's allowance per 15-minute window, then attempts
 *   on any name without a device cookie wait. This is what slows password spraying.
 * - per address, failures on names that have no account: over their allowance, a wrong password on
 *   any name is answered with the delay instead of "invalid", but a correct password for a real
 *   account still logs in. Made-up names therefore never keep a real person out.
 * - per trusted client (a device cookie for this very account, or the session changing its
 *   password): replaces all of the above, so a browser that has logged in before is not slowed by
 *   its neighbours, and a stolen cookie still gets only a few guesses.
 *
 * The counters live in a store: in memory for one process, in Redis when several processes (or
 * machines) serve one database (lib/redis-throttle-store.ts).
 */
export interface ThrottleOptions {
  /** Failures allowed for one account (or one unknown name) from one address before delays start. */
  freePerAccountIp: number;
  /** Failures allowed through one trusted client before delays start. */
  freePerClient: number;
  /** Failures on real accounts one address may have per window before its attempts wait. */
  freeKnownPerIp: number;
  /** Failures on names without an account one address may have per window before wrong answers wait. */
  freeUnknownPerIp: number;
  /** Per-address counters start again after this, so honest typos of a crowd never add up for ever. */
  addressWindowMs: number;
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number;
  /** Longest delay; also how long an (account, address) or client counter is remembered after its last failure. */
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
  /** Adds one failure; when over `free`, blocks for a doubling delay. */
  fail(key: string, rule: DelayRule, now: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface DelayRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * When set, the counter is forgotten this long after its first failure, however often it fails
   * meanwhile, and no block outlasts it. Unset: forgotten `maxDelayMs` after its block ends.
   */
  windowMs?: number;
}

/** 30 s, 1 min, 2 min ... up to the maximum: each further guess costs twice as long as the last. */
export function delayAfter(failures: number, rule: DelayRule): number {
  const over = failures - rule.free;
  return over > 0 ? Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (over - 1)) : 0;
}

export const defaultThrottleOptions: ThrottleOptions = {
  freePerAccountIp: 4,
  freePerClient: 4,
  freeKnownPerIp: 50,
  freeUnknownPerIp: 20,
  addressWindowMs: 15 * 60 * 1000,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
};

export interface LoginAttempt {
  /** The account's id, or a key made from the typed name when no account has it. */
  accountKey: string;
  /** Whether an account has that name: decides which per-address counter a failure joins. */
  known: boolean;
  ip: string;
  /**
   * A client proven beyond its address: the id of a valid device cookie for this very account, or
   * the signed-in session changing its password. Its own counter replaces the others.
   */
  trustedClient?: string;
}

export interface ThrottleVerdict {
  /** Seconds before this attempt may be checked at all (0: check the password). */
  waitSeconds: number;
  /** Seconds to answer a wrong password with instead of "invalid"; a correct one still passes. */
  wrongPasswordWaitSeconds: number;
}

export class LoginThrottle {
  private readonly now: () => number;

  constructor(
    private readonly store: ThrottleStore = createMemoryThrottleStore(),
    private readonly options: ThrottleOptions = defaultThrottleOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The same for a known and an unknown name, so the answer never tells whether an account exists. */
  async check(attempt: LoginAttempt): Promise<ThrottleVerdict> {
    const now = this.now();
    const wait = (entry: ThrottleEntry | undefined) =>
      entry && entry.blockedUntil > now ? Math.ceil((entry.blockedUntil - now) / 1000) : 0;
    if (attempt.trustedClient) {
      const client = await this.store.get(clientKey(attempt.trustedClient), now);
      return { waitSeconds: wait(client), wrongPasswordWaitSeconds: 0 };
    }
    const [pair, known, unknown] = await Promise.all([
      this.store.get(pairKey(attempt), now),
      this.store.get(knownKey(attempt.ip), now),
      this.store.get(unknownKey(attempt.ip), now),
    ]);
    return {
      waitSeconds: Math.max(wait(pair), wait(known)),
      wrongPasswordWaitSeconds: wait(unknown),
    };
  }

  /** Records one wrong password (or a name without an account). */
  async fail(attempt: LoginAttempt): Promise<void> {
    const now = this.now();
    const { baseDelayMs, maxDelayMs, addressWindowMs } = this.options;
    if (attempt.trustedClient) {
      const rule = { free: this.options.freePerClient, baseDelayMs, maxDelayMs };
      await this.store.fail(clientKey(attempt.trustedClient), rule, now);
      return;
    }
    const addressRule = {
      free: attempt.known ? this.options.freeKnownPerIp : this.options.freeUnknownPerIp,
      baseDelayMs,
      maxDelayMs,
      windowMs: addressWindowMs,
    };
    await Promise.all([
      this.store.fail(
        pairKey(attempt),
        { free: this.options.freePerAccountIp, baseDelayMs, maxDelayMs },
        now,
      ),
      this.store.fail(attempt.known ? knownKey(attempt.ip) : unknownKey(attempt.ip), addressRule, now),
    ]);
  }

  /**
   * A correct password clears the counter it was checked against. The per-address counters keep
   * counting: one person's success says nothing about the others behind that address.
   */
  async succeed(attempt: LoginAttempt): Promise<void> {
    await this.store.delete(attempt.trustedClient ? clientKey(attempt.trustedClient) : pairKey(attempt));
  }
}

const pairKey = (attempt: LoginAttempt) => `pair:${attempt.accountKey}\u0000${attempt.ip}`;
const knownKey = (ip: string) => `known:${ip}`;
const unknownKey = (ip: string) => `unknown:${ip}`;
const clientKey = (client: string) => `client:${client}`;

/** One process's counters. */
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
      const entry = live(key, now) ?? {
        failures: 0,
        blockedUntil: 0,
        forgetAt: rule.windowMs ? now + rule.windowMs : 0,
      };
      entry.failures += 1;
      const delay = delayAfter(entry.failures, rule);
      if (rule.windowMs) {
        entry.blockedUntil = Math.min(now + delay, entry.forgetAt);
      } else {
        entry.blockedUntil = now + delay;
        entry.forgetAt = now + delay + rule.maxDelayMs;
      }
      entries.set(key, entry);
      if (entries.size > 100_000) for (const [k, e] of entries) if (e.forgetAt <= now) entries.delete(k);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
