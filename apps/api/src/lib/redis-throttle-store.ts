import type { Redis } from 'ioredis';
import type { ThrottleStore } from './login-throttle.js';

/**
 * Login-throttle counters in Redis, shared by every API process. A failure is one Lua script, so
 * two processes recording failures for one account at the same moment both count. The delay and
 * forgetting rules are those of the memory store (login-throttle.ts), written again in Lua because
 * they must run inside the atomic step; a test compares the two. Times come from the caller's clock,
 * as in memory; the key's TTL only clears away what is forgotten.
 */
const FAIL_SCRIPT = `
local key = KEYS[1]
local free = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
local window = tonumber(ARGV[5])
local forgetAt = tonumber(redis.call('HGET', key, 'forgetAt'))
if forgetAt and forgetAt <= now then
  redis.call('DEL', key)
  forgetAt = nil
end
local failures = redis.call('HINCRBY', key, 'failures', 1)
local over = failures - free
local delay = 0
if over > 0 then delay = math.min(max, base * 2 ^ (over - 1)) end
local blockedUntil = now + delay
if window > 0 then
  forgetAt = forgetAt or (now + window)
  blockedUntil = math.min(blockedUntil, forgetAt)
else
  forgetAt = blockedUntil + max
end
redis.call('HSET', key, 'blockedUntil', blockedUntil, 'forgetAt', forgetAt)
redis.call('PEXPIRE', key, forgetAt - now)
return failures
`;

export function createRedisThrottleStore(redis: Redis, prefix = 'revuhub:throttle:'): ThrottleStore {
  return {
    async get(key, now) {
      const [failures, blockedUntil, forgetAt] = await redis.hmget(
        prefix + key,
        'failures',
        'blockedUntil',
        'forgetAt',
      );
      if (failures === null || (forgetAt !== null && Number(forgetAt) <= now)) return undefined;
      return { failures: Number(failures), blockedUntil: Number(blockedUntil ?? 0) };
    },
    async fail(key, rule, now) {
      await redis.eval(
        FAIL_SCRIPT,
        1,
        prefix + key,
        rule.free,
        rule.baseDelayMs,
        rule.maxDelayMs,
        now,
        rule.windowMs ?? 0,
      );
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
