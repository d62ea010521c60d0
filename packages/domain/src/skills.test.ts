import { describe, expect, it } from 'vitest';
import {
  ADD_OPTIONS,
  addOptionsFor,
  experiencesMessage,
  recruiterDecisionSchema,
  replyToSchema,
} from './skills.js';

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

  it('turns hide-tagging on for creator and "without partner" options only', () => {
    const on = ADD_OPTIONS.filter((o) => o.hideTagging).map((o) => o.id);
    expect(on).toEqual([
      'share-skill',
      'offer-service',
      'start-conversation',
      'add-service',
      'start-review-thread-solo',
      'add-requirement',
    ]);
  });

  // Decision 061: the spec starts them private, and Skill Discovery then showed nobody's skills.
  it('starts an experience and a service public, and a conversation and a solo thread private', () => {
    const privateAtFirst = ADD_OPTIONS.filter((o) => o.isPrivate).map((o) => o.id);
    expect(privateAtFirst).toEqual(['start-conversation', 'start-review-thread-solo']);
    expect(
      ADD_OPTIONS.filter((o) => o.kind === 'experience' || o.kind === 'service').every((o) => !o.isPrivate),
    ).toBe(true);
  });

  it('asks only service providers for their location', () => {
    expect(ADD_OPTIONS.filter((o) => o.needsLocation).every((o) => o.persona === 'serviceProvider')).toBe(
      true,
    );
    expect(addOptionsFor('serviceProvider').every((o) => o.needsLocation && o.isService)).toBe(true);
  });
});

describe('responses and recruiter decisions (decision 026)', () => {
  it('takes an e-mail or a 10-digit mobile as the contact to reply to, normalised', () => {
    expect(replyToSchema.parse(' Rahul.K@Example.com ')).toBe('rahul.k@example.com');
    expect(replyToSchema.parse('+91 98450-12345')).toBe('9845012345');
    for (const bad of ['98450', 'rahul@', 'call me', '']) {
      expect(replyToSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('needs a reason to reject a recruiter, not to approve one', () => {
    expect(recruiterDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    const rejected = recruiterDecisionSchema.safeParse({ decision: 'reject', reason: '  ' });
    expect(rejected.success).toBe(false);
    expect(rejected.error?.issues[0]?.path).toEqual(['reason']);
  });
});
