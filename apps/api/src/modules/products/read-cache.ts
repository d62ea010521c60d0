/**
 * A small in-process cache of finished response bodies for the public catalogue reads (a store's
 * page, a product by id). Entries live `ttlMs`; together they hold at most about `maxBytes`, least
 * recently used first out, so the cache never grows the server past its memory budget (a body is
 * counted by its length: the JSON bodies are stored one byte per character unless they hold
 * non-Latin text, so the count errs on the small side there). Writes in this process clear it at
 * once; other processes of a deployment serve a change within `ttlMs`. Concurrent misses of one key
 * share a single database read.
 */
export function createReadCache<Body extends string | undefined = string>({
  ttlMs,
  maxBytes,
  now = Date.now,
}: {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}) {
  interface Entry {
    expiresAt: number;
    body: Promise<Body>;
    bytes: number;
  }
  // A Map iterates in insertion order; re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key: string, load: () => Promise<Body>): Promise<Body> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      drop(key);
      const entry: Entry = { expiresAt: now() + ttlMs, body: load(), bytes: 0 };
      entries.set(key, entry);
      entry.body.then(
        (body) => {
          if (entries.get(key) !== entry) return;
          // The key and the entry's bookkeeping count too, so "not found" answers are bounded as well.
          entry.bytes = (body?.length ?? 0) + key.length + ENTRY_OVERHEAD_BYTES;
          bytes += entry.bytes;
          for (const oldest of entries.keys()) {
            if (bytes <= maxBytes) break;
            drop(oldest);
          }
        },
        // A failed read is not kept.
        () => {
          if (entries.get(key) === entry) drop(key);
        },
      );
      return entry.body;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

const ENTRY_OVERHEAD_BYTES = 100;
