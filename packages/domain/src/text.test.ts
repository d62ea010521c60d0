import { describe, expect, it } from 'vitest';
import { freeText, nameKey, textProblem, TEXT_HIDDEN_MESSAGE, TEXT_NUL_MESSAGE } from './text.js';

describe('free-text rule', () => {
  it('refuses NUL, control, bidi-override and zero-width characters', () => {
    expect(textProblem('Asha\u0000Rao')).toBe(TEXT_NUL_MESSAGE);
    expect(textProblem('Asha\u0007')).toBe(TEXT_HIDDEN_MESSAGE);
    expect(textProblem('Shop \u202egnp.exe')).toBe(TEXT_HIDDEN_MESSAGE);
    expect(textProblem('Meena\u200bStores')).toBe(TEXT_HIDDEN_MESSAGE);
    expect(textProblem('Meena\u200dStores')).toBe(TEXT_HIDDEN_MESSAGE);
  });

  it('keeps line breaks, Indic joiners and emoji sequences', () => {
    expect(textProblem('Line one\nLine two\r\n\tend')).toBeUndefined();
    expect(textProblem('क्\u200dष')).toBeUndefined();
    expect(textProblem('👩\u200d💻 Kavya')).toBeUndefined();
  });

  it('normalises to NFC and compares names without case or extra spaces', () => {
    expect(freeText(50).parse(' Cafe\u0301 ')).toBe('Café');
    expect(freeText(50).safeParse('a\u0000').success).toBe(false);
    expect(nameKey('  Meena   General Store')).toBe(nameKey('meena general store'));
  });
});
