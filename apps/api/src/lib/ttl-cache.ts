/**
 * Caches the results of slow-changing reads for a short time. Reference lists are read on nearly
 * every form load and change only with a release or an admin edit, so one query a minute is enough;
 * an admin edit deletes the entries it changes at once (see cache-bus.ts).
 *
 * It caches values, never the loader's return value as such: a Drizzle query builder is a lazy
 * thenable that runs its query again on every `await`, so it is resolved exactly once here.
 * Concurrent misses share one pending load; a failed load is not kept. At most `maxEntries` keys
 * are held (the oldest go first), so keys built from request input cannot grow memory without end.
 */
export function createTtlCache(ttlMs: number, { maxEntries = 1000, now = Date.now } = {}) {
  interface Entry {
    expiresAt: number;
    value: Promise<unknown>;
  }
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      // Promise.resolve().then(load) awaits the thenable once and keeps only the settled result.
      const value = Promise.resolve().then(load);
      const entry: Entry = { expiresAt: now() + ttlMs, value };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // Only this entry is dropped: an invalidation may already have replaced it with a newer one.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
    /** Keeps a value read elsewhere (as `get` keeps what its `load` answers). */
    set(key: string, value: unknown) {
      entries.delete(key);
      entries.set(key, { expiresAt: now() + ttlMs, value: Promise.resolve(value) });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    /** Whether `key` holds a value not yet expired (or one being loaded). */
    has(key: string): boolean {
      const hit = entries.get(key);
      return !!hit && hit.expiresAt > now();
    },
    /** Forgets the given keys; the next read of each loads it again. */
    delete(keys: Iterable<string>) {
      for (const key of keys) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type TtlCache = ReturnType<typeof createTtlCache>;
