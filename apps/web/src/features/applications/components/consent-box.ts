import type { Language } from '@app/domain';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { messageTranslator, translateErrors } from '../../../lib/i18n/messages';

/** The "18 or older" box of a sign-up form, held by react-hook-form beside the schema's fields. */
export interface ConsentBox {
  consent: boolean;
}

/**
 * The form's resolver plus the box: an unticked box is the error of the field `consent`, so the
 * error summary lists it with the other fields and nothing is sent. The schema's own rules run
 * whether or not it is ticked, so every other message still shows at the same attempt; their
 * messages come out in the reader's language.
 */
export function withConsentBox<TIn extends FieldValues, C, TOut extends FieldValues>(
  resolver: Resolver<TIn, C, TOut>,
  message: string,
  language: Language,
): Resolver<TIn & ConsentBox, C, TOut & ConsentBox> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options as unknown as ResolverOptions<TIn>);
    const ticked = values.consent === true;
    if (ticked && Object.keys(result.errors).length === 0) {
      return { values: { ...(result.values as TOut), consent: true }, errors: {} };
    }
    const errors = translateErrors(result.errors, messageTranslator(language));
    return {
      values: {},
      errors: ticked ? errors : { ...errors, consent: { type: 'consent', message } },
    } as Awaited<ReturnType<Resolver<TIn & ConsentBox, C, TOut & ConsentBox>>>;
  };
}
