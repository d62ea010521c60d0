import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

/** Whether the form's "18 or older" box must be ticked: only without an account. */
export type ConsentContext = { consentRequired: boolean };

/**
 * The form schema's resolver plus the box (ConsentField), held by react-hook-form as `consent`:
 * where the context requires it, an unticked box is that field's error, so the error summary
 * lists it with the others and nothing is sent.
 */
export function withConsentWhenRequired<
  TIn extends FieldValues & { consent: boolean },
  TOut extends FieldValues,
>(
  schema: Resolver<Omit<TIn, 'consent'>, unknown, TOut>,
  message: string,
): Resolver<TIn, ConsentContext, TOut> {
  return async (values, context, options) => {
    // The box is not the schema's: its name is left out of what the schema is asked about.
    const result = (await schema(
      values,
      context,
      options as unknown as Parameters<typeof schema>[2],
    )) as ResolverResult<TIn, TOut>;
    if (!context?.consentRequired || values.consent) return result;
    const errors = { ...result.errors, consent: { type: 'consent', message } } as FieldErrors<TIn>;
    return { values: {}, errors };
  };
}
