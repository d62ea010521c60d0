import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { customerFormSchema } from '@app/domain';
import { withConsentBox } from './consent-box';

const empty = {
  name: '',
  emailId: 'asha@example.com',
  contactNum: '9876543210',
  state: 'Karnataka',
  city: 'Bengaluru',
};
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const ADULT = 'You must be 18 or older to use Revuhub';

describe('the sign-up forms’ resolver with the 18-or-older box', () => {
  it('lists the unticked box with the schema’s messages, in the reader’s language', async () => {
    const english = withConsentBox(zodResolver(customerFormSchema), ADULT, 'en');
    const { errors } = await english({ ...empty, consent: false }, undefined, options);
    expect(errors.name?.message).toBe('Name is required');
    expect(errors.consent?.message).toBe(ADULT);

    const hindi = withConsentBox(zodResolver(customerFormSchema), 'उम्र 18+', 'hi');
    const inHindi = await hindi({ ...empty, consent: false }, undefined, options);
    expect(inHindi.errors.name?.message).toBe('नाम ज़रूरी है');
    expect(inHindi.errors.consent?.message).toBe('उम्र 18+');
  });

  it('passes the values on, with the box, once everything is right', async () => {
    const resolver = withConsentBox(zodResolver(customerFormSchema), ADULT, 'en');
    const result = await resolver({ ...empty, name: 'Asha Rao', consent: true }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Asha Rao', consent: true });
  });
});
