/**
 * How a write tells every cache that some of its entries are stale. A service that changes data
 * publishes the exact cache keys it changed; caches subscribe and delete those keys.
 *
 * One process today, so delivery is a direct call. A deployment with several API processes
 * replaces this with an implementation that also broadcasts the keys to the other processes
 * (the interface stays the same, and callers do not change).
 */
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
