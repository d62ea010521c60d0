import type { Redis } from 'ioredis';

/**
 * A Redis connection for shared state. Commands fail fast while Redis is away (rather than queueing
 * without end), so a request that needs it gets an error and the readiness probe reports it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  // ioredis is loaded only by a server configured with REDIS_URL.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    // A name per process in CLIENT LIST, for the operator counting connections.
    connectionName: `revuhub-${process.pid}`,
  });
  // Reconnection is automatic; an error event without a listener would crash the process.
  redis.on('error', () => undefined);
  return redis;
}
