import type { Redis } from 'ioredis';
import type { ThrottleStore } from './login-throttle.js';

/**
 * Login-throttle counters in Redis, shared by every API process. A failure is one Lua script, so
 * two processes recording failures for one account at the same moment both count. The delay rule is
 * the one of `delayAfter` (login-throttle.ts), written again in Lua because it must run inside the
 * atomic step; a test compares the two.
 */
const FAIL_SCRIPT = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
local over = failures - free
local delay = 0
if over > 0 then delay = math.min(max, base * 2 ^ (over - 1)) end
redis.call('HSET', KEYS[1], 'blockedUntil', now + delay)
redis.call('PEXPIRE', KEYS[1], delay + max)
return failures
`;

export function createRedisThrottleStore(redis: Redis, prefix = 'revuhub:throttle:'): ThrottleStore {
  return {
    async get(key) {
      const entry = await redis.hmget(prefix + key, 'failures', 'blockedUntil');
      if (entry[0] === null) return undefined;
      return { failures: Number(entry[0]), blockedUntil: Number(entry[1] ?? 0) };
    },
    async fail(key, rule, now) {
      await redis.eval(FAIL_SCRIPT, 1, prefix + key, rule.free, rule.baseDelayMs, rule.maxDelayMs, now);
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
