import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME_MESSAGE,
  CONTACT_MESSAGE,
  PERSON_NAME_MESSAGE,
  brandNameSchema,
  contactSchema,
  normalizeContactNumber,
  personNameSchema,
} from './names-and-numbers.js';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('person names', () => {
  it.each([
    "Anne-Marie D'Souza",
    'Anne-Marie D’Souza',
    'A. R. Rahman',
    'Sunita Gowda',
    'राहुल शर्मा',
    'கார்த்திக் சுப்ரமணியம்',
    'José Álvarez',
    'Tom & Jerry',
  ])('accepts %s', (name) => {
    expect(personNameSchema.parse(name)).toBe(name);
  });

  it('trims and collapses runs of spaces', () => {
    expect(personNameSchema.parse('  Anne   Marie  ')).toBe('Anne Marie');
  });

  it.each(['R2D2', 'Agent 47', '-Anne', "'Quote", 'Anne@home', 'Anne_Marie'])('refuses %s', (name) => {
    expect(messageOf(personNameSchema.safeParse(name))).toBe(PERSON_NAME_MESSAGE);
  });

  it('keeps the required message for an empty name', () => {
    expect(messageOf(personNameSchema.safeParse('   '))).toBe('Name is required');
  });
});

describe('company and brand names', () => {
  it.each(['Tulsi Naturals Pvt. Ltd.', 'H&M', "Levi's", '3M', '7-Eleven', 'टाटा मोटर्स'])(
    'accepts %s',
    (name) => {
      expect(brandNameSchema.parse(name)).toBe(name);
    },
  );

  it.each(['Shop!', 'a/b', '.com', 'Brand #1'])('refuses %s', (name) => {
    expect(messageOf(brandNameSchema.safeParse(name))).toBe(COMPANY_NAME_MESSAGE);
  });
});

describe('contact numbers', () => {
  it.each([
    ['+91 98450 12345', '9845012345'],
    ['+91-98450-12345', '9845012345'],
    ['+919845012345', '9845012345'],
    ['0091 98450 12345', '9845012345'],
    ['91 98450 12345', '9845012345'],
    ['098450 12345', '9845012345'],
    ['98450-12345', '9845012345'],
    ['(98450) 12345', '9845012345'],
    ['9845012345', '9845012345'],
  ])('stores %s as %s', (typed, stored) => {
    expect(normalizeContactNumber(typed)).toBe(stored);
    expect(contactSchema.parse(typed)).toBe(stored);
  });

  it.each(['12345', '+1 415 555 0100', '+91 98450 1234', '98450 12345 6', 'phone', '98450a12345'])(
    'refuses %s with the spec message',
    (typed) => {
      expect(messageOf(contactSchema.safeParse(typed))).toBe(CONTACT_MESSAGE);
    },
  );
});
