import { describe, expect, it } from 'vitest';
import { QUERY_TEXT_MESSAGE, queryTextSchema } from './queries.js';
import { TEXT_HIDDEN_MESSAGE } from './text.js';

const messageOf = (text: string) => {
  const parsed = queryTextSchema.safeParse(text);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('query text (decision 023)', () => {
  it.each([
    "Do you have the Chanderi kurta in XL? What's your return policy, and is COD available?",
    'Best earbuds under ₹2,000 for calls & music (Bluetooth 5.3)?',
    'Is the "Kaveri" saree 100% silk / cotton mix: yes or no!',
    'क्या यह फ़ोन 5G है? कीमत ₹15,999 - सही?',
    'Line one?\nLine two.',
    'Café opening hours 🙏',
  ])('accepts an ordinary question: %s', (text) => {
    expect(messageOf(text)).toBeNull();
  });

  it('refuses blank text, markup and hidden characters', () => {
    expect(messageOf('   ')).toBe('Enter your query');
    expect(messageOf('<script>alert(1)</script>')).toBe(QUERY_TEXT_MESSAGE);
    expect(messageOf('{{constructor}}')).toBe(QUERY_TEXT_MESSAGE);
    expect(messageOf('price\u0007?')).toBe(TEXT_HIDDEN_MESSAGE);
    expect(messageOf('pay\u202eevil')).toBe(TEXT_HIDDEN_MESSAGE);
  });
});
