/**
 * Caches the results of slow-changing reads for a short time. Reference lists are read on nearly
 * every form load and change only with a release or an admin edit, so one query a minute is enough.
 * Concurrent misses share one pending load.
 */
export function createTtlCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expiresAt: now() + ttlMs, value });
      // A failed load is not cached.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
