import { expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

it('loads once per key until the entry expires, and does not keep failures', async () => {
  let clock = 0;
  const cache = createTtlCache(1000, { now: () => clock });
  let loads = 0;
  const load = async () => ++loads;
  expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
  clock = 999;
  expect(await cache.get('a', load)).toBe(1);
  clock = 1000;
  expect(await cache.get('a', load)).toBe(2);

  await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await cache.get('b', load)).toBe(3);
});

it('runs a lazy thenable (like a Drizzle query builder) once, however often the value is awaited', async () => {
  const cache = createTtlCache(60_000);
  let runs = 0;
  // A thenable that does its work each time it is awaited, as a query builder does.
  const lazyQuery = (): PromiseLike<string[]> => ({
    then: (resolve, reject) => Promise.resolve([`run ${++runs}`]).then(resolve, reject),
  });
  for (let i = 0; i < 5; i++) expect(await cache.get('rows', lazyQuery)).toEqual(['run 1']);
  expect(runs).toBe(1);
});

it('forgets deleted keys at once and holds at most maxEntries keys', async () => {
  const cache = createTtlCache(60_000, { maxEntries: 2 });
  let loads = 0;
  const load = async () => ++loads;
  await cache.get('a', load);
  await cache.get('b', load);
  cache.delete(['a']);
  expect(await cache.get('a', load)).toBe(3);
  expect(await cache.get('b', load)).toBe(2);
  await cache.get('c', load);
  expect(cache.size).toBe(2);
});
