import { expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('keeps its bodies within the byte budget, dropping the least recently used first', async () => {
  const cache = createReadCache({ ttlMs: 60_000, maxBytes: 3_100 });
  const loads: string[] = [];
  const read = (key: string) =>
    cache.get(key, async () => {
      loads.push(key);
      return 'x'.repeat(900);
    });
  await read('a');
  await read('b');
  await read('c');
  await settle();
  await read('a'); // a hit: now the most recently used
  await read('d'); // over budget: b, the least recently used, goes
  await settle();
  expect(cache.bytes).toBeLessThanOrEqual(3_100);
  await read('a');
  await read('c');
  await read('b');
  expect(loads).toEqual(['a', 'b', 'c', 'd', 'b']);
});

it('shares one load between concurrent misses and keeps no failed read', async () => {
  const cache = createReadCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
  let calls = 0;
  const failing = () => {
    calls += 1;
    return Promise.reject(new Error('database down'));
  };
  const [first, second] = [cache.get('k', failing), cache.get('k', failing)];
  await expect(first).rejects.toThrow('database down');
  await expect(second).rejects.toThrow('database down');
  expect(calls).toBe(1);
  await settle();
  expect(cache.size).toBe(0);
  await expect(cache.get('k', async () => 'body')).resolves.toBe('body');
});

it('reads again after the time to live', async () => {
  let clock = 0;
  const cache = createReadCache({ ttlMs: 2_000, maxBytes: 1_000_000, now: () => clock });
  let calls = 0;
  const load = async () => `body ${++calls}`;
  expect(await cache.get('k', load)).toBe('body 1');
  clock = 1_999;
  expect(await cache.get('k', load)).toBe('body 1');
  clock = 2_000;
  expect(await cache.get('k', load)).toBe('body 2');
});
