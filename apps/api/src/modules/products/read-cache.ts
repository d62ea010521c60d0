/**
 * A small in-process cache for the public catalogue reads (a store's page, a product by id).
 * Entries live `ttlMs` and at most `maxEntries` are kept, least recently used first out. Writes in
 * this process clear it at once; other processes of a deployment serve a change within `ttlMs`.
 * Concurrent misses of one key share a single database read.
 */
export function createReadCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Re-inserting moves the key to the end of the Map's order: the most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { expiresAt: now() + ttlMs, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed read is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
