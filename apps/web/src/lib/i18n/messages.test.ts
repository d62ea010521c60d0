import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { loginRequestSchema, privacyCodeRequestSchema } from '@app/domain';
import { messageTranslator, withTranslatedMessages } from './messages';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('the domain schemas’ messages on the web', () => {
  it('come out in the reader’s language, English unchanged', () => {
    expect(messageTranslator('en', false)('E-mail is required')).toBe('E-mail is required');
    expect(messageTranslator('hi', false)('E-mail is required')).toBe('ई-मेल ज़रूरी है');
    const issue = privacyCodeRequestSchema.safeParse({ contact: 'asha' }).error?.issues[0]?.message ?? '';
    expect(messageTranslator('hi', false)(issue)).toBe('ई-मेल या 10 अंकों का मोबाइल नंबर डालें');
  });

  it('are marked in the pseudo-locale only when they have Hindi', () => {
    expect(messageTranslator('en', true)('Password is required')).toBe('⟦Password is required⟧');
    expect(messageTranslator('en', true)('A message nobody translated')).toBe('A message nobody translated');
  });

  it('reach the form through its resolver', async () => {
    const resolver = withTranslatedMessages(zodResolver(loginRequestSchema), messageTranslator('hi', false));
    const { errors } = await resolver({ userName: '', password: '' }, undefined, options);
    expect(errors.userName?.message).toBe('ई-मेल ज़रूरी है');
    expect(errors.password?.message).toBe('पासवर्ड ज़रूरी है');
    const valid = await resolver({ userName: 'asha@example.com', password: 'x' }, undefined, options);
    expect(valid.values).toEqual({ userName: 'asha@example.com', password: 'x' });
  });
});
