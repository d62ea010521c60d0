import { describe, expect, it } from 'vitest';
import { ADD_OPTIONS, addOptionsFor, experiencesMessage } from './skills.js';

describe('experiencesMessage', () => {
  it.each([
    [0, '0 experiences'],
    [1, '1 experience'],
    [2, '2 experiences'],
    [3, '3+ experiences'],
    [40, '3+ experiences'],
  ])('%i gives "%s"', (count, message) => {
    expect(experiencesMessage(count)).toBe(message);
  });
});

describe('the persona choice', () => {
  it('offers each persona its options with the spec titles', () => {
    const titles = (persona: Parameters<typeof addOptionsFor>[0]) =>
      addOptionsFor(persona).map((o) => [o.label, o.title]);
    expect(titles('creator')).toEqual([
      ['Share a Skill or Experience', 'Add Experience'],
      ['Offer a Service', 'Add Service'],
      ['Start a Conversation', 'Start a Thread'],
    ]);
    expect(titles('serviceProvider')).toEqual([
      ['Add a Service', 'Add Service'],
      ['Add a Service with Partner Brand/Store', 'Add Service'],
    ]);
    expect(titles('customer')).toEqual([
      ['Add a Review', 'Add Review'],
      ['Start a Review Thread', 'Start a Thread'],
      ['Start a Review Thread without Partner Brand/Store', 'Start a Thread'],
    ]);
    expect(titles('recruiter')).toEqual([['Add a Recruting Position', 'Add Requirement']]);
  });

  it('turns private and hide-tagging on for creator and "without partner" options only', () => {
    const on = ADD_OPTIONS.filter((o) => o.isPrivate && o.hideTagging).map((o) => o.id);
    const off = ADD_OPTIONS.filter((o) => !o.isPrivate && !o.hideTagging).map((o) => o.id);
    expect(on).toEqual([
      'share-skill',
      'offer-service',
      'start-conversation',
      'add-service',
      'start-review-thread-solo',
    ]);
    expect(off).toEqual(['add-partner-service', 'add-review', 'start-review-thread']);
  });

  it('asks only service providers for their location', () => {
    expect(ADD_OPTIONS.filter((o) => o.needsLocation).every((o) => o.persona === 'serviceProvider')).toBe(
      true,
    );
    expect(addOptionsFor('serviceProvider').every((o) => o.needsLocation && o.isService)).toBe(true);
  });
});
