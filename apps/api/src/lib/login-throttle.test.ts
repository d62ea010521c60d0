import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryThrottleStore,
  defaultThrottleOptions,
  LoginThrottle,
  type ThrottleStore,
} from './login-throttle.js';
import { createRedisThrottleStore } from './redis-throttle-store.js';

/** The waits an attacker sees while guessing one account from one address, then from another. */
async function guessingWaits(store: ThrottleStore) {
  let now = 1_700_000_000_000;
  const throttle = new LoginThrottle(store, { ...defaultThrottleOptions, now: () => now });
  const waits: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    await throttle.fail('acct-1', '10.0.0.1');
    waits.push(await throttle.waitSeconds('acct-1', '10.0.0.1'));
    now += (waits.at(-1) ?? 0) * 1000;
  }
  return { waits, otherAddress: await throttle.waitSeconds('acct-1', '10.0.0.2') };
}

describe('login throttle', () => {
  it('lets four guesses through, then doubles the delay up to 15 minutes, never locking other addresses', async () => {
    const { waits, otherAddress } = await guessingWaits(createMemoryThrottleStore());
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240]);
    expect(otherAddress).toBe(0);
  });

  it('a correct password clears the failures of that account and address', async () => {
    const throttle = new LoginThrottle(createMemoryThrottleStore());
    for (let i = 0; i < 5; i += 1) await throttle.fail('acct-2', '10.0.0.3');
    expect(await throttle.waitSeconds('acct-2', '10.0.0.3')).toBe(30);
    await throttle.succeed('acct-2', '10.0.0.3');
    expect(await throttle.waitSeconds('acct-2', '10.0.0.3')).toBe(0);
  });
});

// Redis is one of the services of the PostgreSQL test pass (scripts/test-all.sh, .ci/run).
describe.skipIf(!process.env.TEST_DATABASE_URL)('login throttle counted in Redis', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
  afterAll(() => redis.disconnect());

  it('gives exactly the waits of the in-memory counters', async () => {
    const prefix = `test-throttle-${Date.now()}:`;
    const fromRedis = await guessingWaits(createRedisThrottleStore(redis, prefix));
    const fromMemory = await guessingWaits(createMemoryThrottleStore());
    expect(fromRedis).toEqual(fromMemory);
    // Counters expire on their own: the key carries a TTL.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    await redis.del(...keys);
  });

  it('counts failures from two connections at once without losing any', async () => {
    const other = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5');
    const prefix = `test-race-${Date.now()}:`;
    const a = new LoginThrottle(createRedisThrottleStore(redis, prefix));
    const b = new LoginThrottle(createRedisThrottleStore(other, prefix));
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).fail('acct-3', '10.0.0.4')));
    expect(await redis.hget(`${prefix}pair:acct-3\u0000${'10.0.0.4'}`, 'failures')).toBe('10');
    other.disconnect();
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });
});
