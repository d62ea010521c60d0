import type { Redis } from 'ioredis';
import { createLocalCacheBus, createRedisCacheBus, type CacheBus } from './cache-bus.js';
import { createMemoryThrottleStore, type ThrottleStore } from './login-throttle.js';
import { connectRedis } from './redis.js';
import { createRedisThrottleStore } from './redis-throttle-store.js';

/**
 * What every API process must agree on: rate-limit counters, login-throttle counters and cache
 * invalidations. In one process all of it stays in memory; with REDIS_URL it lives in Redis, so any
 * number of processes on any number of machines count and forget together. (Webhook de-duplication
 * and everything else durable belongs in the database, not here.)
 */
export interface SharedState {
  kind: 'memory' | 'redis';
  cacheBus: CacheBus;
  throttleStore: ThrottleStore;
  /** The connection the rate-limit plugin counts in; absent in memory mode. */
  rateLimitRedis?: Redis;
  /** Resolves when the shared store answers; for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createMemorySharedState(): SharedState {
  return {
    kind: 'memory',
    cacheBus: createLocalCacheBus(),
    throttleStore: createMemoryThrottleStore(),
    ping: async () => undefined,
    close: async () => undefined,
  };
}

export async function createRedisSharedState(url: string): Promise<SharedState> {
  const redis = await connectRedis(url);
  // A connection in subscriber mode can run nothing else, so pub/sub gets its own.
  const subscriber = await connectRedis(url);
  const bus = createRedisCacheBus(redis, subscriber);
  await bus.ready;
  return {
    kind: 'redis',
    cacheBus: bus,
    throttleStore: createRedisThrottleStore(redis),
    rateLimitRedis: redis,
    ping: async () => {
      await redis.ping();
    },
    close: async () => {
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createSharedState(redisUrl: string | undefined): Promise<SharedState> {
  return redisUrl ? createRedisSharedState(redisUrl) : Promise.resolve(createMemorySharedState());
}
