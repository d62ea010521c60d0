import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/test-redis.js';
import {
  createMemoryThrottleStore,
  defaultThrottleOptions,
  LoginThrottle,
  type LoginAttempt,
  type ThrottleStore,
} from './login-throttle.js';
import { createRedisThrottleStore } from './redis-throttle-store.js';

const START = 1_700_000_000_000;

/** A throttle on a clock the test moves. */
function throttleAt(store: ThrottleStore) {
  const clock = { now: START };
  return { clock, throttle: new LoginThrottle(store, { ...defaultThrottleOptions, now: () => clock.now }) };
}

const guess = (accountKey: string, ip: string, known = true): LoginAttempt => ({ accountKey, known, ip });

/**
 * What an attacker sees: the waits while guessing one account from one address (waiting each one
 * out), then from another address; and the waits while trying made-up names from one address for
 * longer than the address's window.
 */
async function attackerView(store: ThrottleStore) {
  const { clock, throttle } = throttleAt(store);
  const accountWaits: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    await throttle.fail(guess('acct-1', '10.0.0.1'));
    accountWaits.push((await throttle.check(guess('acct-1', '10.0.0.1'))).waitSeconds);
    clock.now += (accountWaits.at(-1) ?? 0) * 1000;
  }
  const otherAddress = await throttle.check(guess('acct-1', '10.0.0.2'));
  const unknownWaits: number[] = [];
  for (let i = 0; i < 26; i += 1) {
    await throttle.fail(guess(`name:made-up-${i}`, '10.0.0.3', false));
    unknownWaits.push((await throttle.check(guess('name:next', '10.0.0.3', false))).wrongPasswordWaitSeconds);
    clock.now += (unknownWaits.at(-1) ?? 0) * 1000;
  }
  return { accountWaits, otherAddress, unknownWaits };
}

describe('login throttle', () => {
  it('lets four guesses at an account through, then doubles the delay up to 15 minutes, for that address only', async () => {
    const { accountWaits, otherAddress } = await attackerView(createMemoryThrottleStore());
    expect(accountWaits).toEqual([0, 0, 0, 0, 30, 60, 120, 240]);
    expect(otherAddress).toEqual({ waitSeconds: 0, wrongPasswordWaitSeconds: 0 });
  });

  it('answers wrong passwords from an address with 20 failures on made-up names with a delay, until its window ends', async () => {
    const { unknownWaits } = await attackerView(createMemoryThrottleStore());
    // 30 s, 1, 2, 4 and 8 min add up to 15.5 min: the last delay ends with the 15-minute window.
    expect(unknownWaits).toEqual([...Array(20).fill(0), 30, 60, 120, 240, 450, 0]);
  });

  it('never refuses the check of a password because of made-up names', async () => {
    const { throttle } = throttleAt(createMemoryThrottleStore());
    for (let i = 0; i < 40; i += 1) await throttle.fail(guess(`name:nobody-${i}`, '10.0.1.1', false));
    const real = await throttle.check(guess('acct-real', '10.0.1.1'));
    expect(real.waitSeconds).toBe(0);
    expect(real.wrongPasswordWaitSeconds).toBeGreaterThan(0);
    // A made-up name is checked the same way: refusing it before the check would tell it is unknown.
    expect(await throttle.check(guess('name:nobody-41', '10.0.1.1', false))).toEqual(real);
  });

  it('refuses an address that failed on 50 real accounts in the window, but not a trusted client', async () => {
    const { clock, throttle } = throttleAt(createMemoryThrottleStore());
    for (let i = 0; i < 50; i += 1) await throttle.fail(guess(`acct-s${i}`, '10.0.2.1'));
    expect((await throttle.check(guess('acct-s50', '10.0.2.1'))).waitSeconds).toBe(0);
    await throttle.fail(guess('acct-s50', '10.0.2.1'));
    expect((await throttle.check(guess('acct-s51', '10.0.2.1'))).waitSeconds).toBe(30);
    expect((await throttle.check(guess('name:nobody', '10.0.2.1', false))).waitSeconds).toBe(30);
    const trusted = { ...guess('acct-s51', '10.0.2.1'), trustedClient: 'device:abc' };
    expect((await throttle.check(trusted)).waitSeconds).toBe(0);
    // The window ends whatever happened in it: a crowd's typos never add up for ever.
    clock.now += defaultThrottleOptions.addressWindowMs;
    expect((await throttle.check(guess('acct-s51', '10.0.2.1'))).waitSeconds).toBe(0);
  });

  it('gives a trusted client its own four guesses, whatever the address', async () => {
    const { throttle } = throttleAt(createMemoryThrottleStore());
    const from = (ip: string) => ({ ...guess('acct-d', ip), trustedClient: 'device:stolen' });
    for (let i = 0; i < 5; i += 1) await throttle.fail(from(`10.0.3.${i}`));
    expect((await throttle.check(from('10.0.3.9'))).waitSeconds).toBe(30);
    // Its failures are not the address's: the same account without the cookie goes ahead.
    expect((await throttle.check(guess('acct-d', '10.0.3.1'))).waitSeconds).toBe(0);
  });

  it('a correct password clears the failures of that account and address', async () => {
    const throttle = new LoginThrottle(createMemoryThrottleStore());
    for (let i = 0; i < 5; i += 1) await throttle.fail(guess('acct-2', '10.0.0.3'));
    expect((await throttle.check(guess('acct-2', '10.0.0.3'))).waitSeconds).toBe(30);
    await throttle.succeed(guess('acct-2', '10.0.0.3'));
    expect((await throttle.check(guess('acct-2', '10.0.0.3'))).waitSeconds).toBe(0);
  });
});

describe.runIf(testRedisUrl)('login throttle counted in Redis', () => {
  const redis = new Redis(testRedisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.disconnect());

  it('gives exactly the waits of the in-memory counters', async () => {
    const prefix = `test-throttle-${Date.now()}:`;
    const fromRedis = await attackerView(createRedisThrottleStore(redis, prefix));
    const fromMemory = await attackerView(createMemoryThrottleStore());
    expect(fromRedis).toEqual(fromMemory);
    // Counters expire on their own: the key carries a TTL.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    await redis.del(...keys);
  });

  it('counts failures from two connections at once without losing any', async () => {
    const other = new Redis(testRedisUrl ?? '');
    const prefix = `test-race-${Date.now()}:`;
    const a = new LoginThrottle(createRedisThrottleStore(redis, prefix));
    const b = new LoginThrottle(createRedisThrottleStore(other, prefix));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).fail(guess('acct-3', '10.0.0.4'))),
    );
    expect(await redis.hget(`${prefix}pair:acct-3\u0000${'10.0.0.4'}`, 'failures')).toBe('10');
    expect(await redis.hget(`${prefix}known:10.0.0.4`, 'failures')).toBe('10');
    other.disconnect();
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });
});
