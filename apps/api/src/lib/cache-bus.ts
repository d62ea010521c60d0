/**
 * How a write tells every cache that some of its entries are stale. A service that changes data
 * publishes the exact cache keys it changed; caches subscribe and delete those keys.
 *
 * One process today, so delivery is a direct call. A deployment with several API processes
 * replaces this with an implementation that also broadcasts the keys to the other processes
 * (the interface stays the same, and callers do not change).
 */
/**
 * What a write publishes on the cache bus when it changes what the header search finds (a product,
 * a moderated post); every process then forgets its remembered searches (modules/search). Here
 * rather than in the search module, so that the modules which publish it need not import search.
 */
export const SEARCH_RESULTS_CHANGED = 'search:results';

export interface CacheBus {
  publish(keys: readonly string[]): void;
  subscribe(listener: (keys: readonly string[]) => void): void;
}

export function createLocalCacheBus(): CacheBus {
  const listeners: Array<(keys: readonly string[]) => void> = [];
  return {
    publish(keys) {
      for (const listener of listeners) listener(keys);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * Invalidations for several processes: each publish also goes out on a Redis channel, and every
 * process deletes the keys it hears about. Redis pub/sub rather than PostgreSQL LISTEN/NOTIFY because
 * several processes already need Redis for shared counters, and LISTEN would hold one PostgreSQL
 * connection per process outside the pool. A message is a hint: the data stays in the database, and
 * a process that missed one (Redis restarting) holds stale entries only until their TTL ends.
 */
export function createRedisCacheBus(
  publisher: { publish(channel: string, message: string): Promise<unknown> },
  subscriber: {
    subscribe(channel: string): Promise<unknown>;
    on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  },
  channel = 'revuhub:cache-invalidate',
): CacheBus & { ready: Promise<unknown> } {
  const local = createLocalCacheBus();
  // Our own messages come back too; the origin tag skips them (they were applied on publish).
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    const parsed = JSON.parse(message) as { origin: string; keys: string[] };
    if (parsed.origin !== origin) local.publish(parsed.keys);
  });
  return {
    ready: subscriber.subscribe(channel),
    publish(keys) {
      local.publish(keys);
      publisher.publish(channel, JSON.stringify({ origin, keys })).catch(() => undefined);
    },
    subscribe: (listener) => local.subscribe(listener),
  };
}
