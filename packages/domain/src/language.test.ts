import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage } from './language.js';

describe('languageOfAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['en;q=0.5, hi;q=0.7', 'hi'],
    ['ta-IN,ta;q=0.9', 'en'],
    ['hi;q=0', 'en'],
    ['*', 'en'],
    ['hi;q=abc', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(languageOfAcceptLanguage(header)).toBe(expected);
  });
});
