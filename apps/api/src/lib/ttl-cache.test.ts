import { expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

it('loads once per key until the entry expires, and does not keep failures', async () => {
  let clock = 0;
  const cache = createTtlCache(1000, () => clock);
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
