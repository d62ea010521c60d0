import { describe, expect, it } from 'vitest';
import { newId, randomText } from './ids.js';

describe('ids from the random pool', () => {
  it('are 24 hex characters and never repeat, across many refills of the pool', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50_000; i += 1) {
      const id = newId();
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(50_000);
  });

  it('give slices of the length asked, in the encoding asked, when a slice crosses the end of the pool', () => {
    const texts = new Set<string>();
    for (let i = 0; i < 1_000; i += 1) {
      const text = randomText(18, 'base64url');
      expect(text).toMatch(/^[A-Za-z0-9_-]{24}$/);
      texts.add(text);
    }
    expect(texts.size).toBe(1_000);
    expect(() => randomText(257, 'hex')).toThrow(RangeError);
  });
});
