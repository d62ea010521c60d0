import { describe, expect, it } from 'vitest';
import { createRecentMap } from './recent-map.js';

describe('a map of the keys set last', () => {
  it('holds at least the newest half of its bound, forgets older keys, and answers the latest value', () => {
    const recent = createRecentMap<string, number>(4);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('c', 3);
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([1, 2, 3]);
    recent.set('a', 10);
    expect(recent.get('a')).toBe(10);
    for (const key of ['d', 'e', 'f']) recent.set(key, 0);
    expect(recent.has('b')).toBe(false);
    expect(recent.get('c')).toBeUndefined();
    expect([recent.has('e'), recent.has('f')]).toEqual([true, true]);
    recent.delete('f');
    expect(recent.has('f')).toBe(false);
  });
});
