import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@app/domain';
import { ENGLISH, LANGUAGE_CODES } from './language';

describe('the languages the web knows without importing the domain index', () => {
  it('are the domain’s', () => {
    expect([...LANGUAGE_CODES]).toEqual([...LANGUAGES]);
    expect(ENGLISH).toBe(DEFAULT_LANGUAGE);
  });
});
