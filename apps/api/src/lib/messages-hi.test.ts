import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HINDI_MESSAGES,
  ORDER_MESSAGES,
  PASSWORD_LENGTH,
  loginRequestSchema,
  translateMessage,
} from '@app/domain';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Every source file whose texts the API sends: the API's and the shared contract's, not tests. */
function sourceTexts(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'test') walk(full);
      } else if (
        /\.ts$/.test(entry.name) &&
        !/\.test\.ts$/.test(entry.name) &&
        entry.name !== 'messages-hi.ts'
      ) {
        files.push(full);
      }
    }
  };
  walk(path.join(root, 'packages/domain/src'));
  walk(path.join(root, 'apps/api/src'));
  return files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the Hindi catalogue', () => {
  it('has an English text of the code for every entry, so a changed English message is caught', () => {
    const source = sourceTexts();
    const missing = Object.keys(HINDI_MESSAGES).filter((english) => {
      const parts = english.split(/\{\w+\}/);
      // A literal whole: 'text', "text" or `text`; with parts that vary, a template `…${…}…`.
      const pattern =
        parts.length === 1
          ? new RegExp(`(['"\`])${escape(english)}\\1`)
          : new RegExp(`\`${parts.map(escape).join('\\$\\{[^}]+\\}')}\``);
      return !pattern.test(source);
    });
    expect(missing).toEqual([]);
  });

  it('writes every entry in Devanagari and keeps each placeholder of the English', () => {
    for (const [english, hindi] of Object.entries(HINDI_MESSAGES)) {
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
      const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      // The rate limit's wait is a library's English ("1 minute"): its Hindi leaves it out.
      if (english.startsWith('Too many requests')) continue;
      expect(placeholders(hindi), english).toEqual(placeholders(english));
    }
  });

  it('translates the texts the code makes, with their numbers and labels filled in', () => {
    expect(translateMessage(`Password must be at least ${PASSWORD_LENGTH.min} characters`, 'hi')).toBe(
      `पासवर्ड में कम से कम ${PASSWORD_LENGTH.min} अक्षर होने चाहिए`,
    );
    expect(translateMessage(ORDER_MESSAGES.tooManyUnitsUnpaid(3), 'hi')).toMatch(/^एक समय में .* 3 नग/);
    expect(translateMessage('City is required', 'hi')).toBe('शहर ज़रूरी है');
    expect(translateMessage('Too many login attempts. Try again in 30 seconds.', 'hi')).toBe(
      'लॉग इन की बहुत ज़्यादा कोशिशें हुईं। 30 सेकंड बाद फिर कोशिश करें।',
    );
    // A label without Hindi leaves the whole message English rather than half of each.
    expect(translateMessage('Selling price is required', 'hi')).toBe('Selling price is required');
    expect(translateMessage('A message nobody translated', 'hi')).toBe('A message nobody translated');
    // English stays as given.
    expect(translateMessage('City is required', 'en')).toBe('City is required');
    const issue = loginRequestSchema.safeParse({ userName: '', password: '' }).error?.issues[0]?.message;
    expect(issue).toBe('E-mail is required');
    expect(translateMessage(issue!, 'hi')).toBe('ई-मेल ज़रूरी है');
  });
});
