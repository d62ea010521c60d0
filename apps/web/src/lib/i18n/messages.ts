import { useCallback } from 'react';
import { translateMessage, type Language } from '@app/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isPseudo } from './language';
import { useT } from './translate';

/**
 * The messages `@app/domain`'s schemas write in English ("E-mail is required"), in the reader's
 * language: their Hindi is `HINDI_MESSAGES`, the catalogue the API answers from too (decision 043).
 * Not in the engine's catalogues because the API needs them; this is their one way onto a screen.
 */
export type MessageTranslator = (message: string) => string;

/**
 * `translateMessage` for a language; in the pseudo-locale a message that has Hindi is marked ⟦…⟧ as
 * catalogue strings are, so a browser test finds the ones that have none.
 */
export function messageTranslator(language: Language, pseudo = isPseudo()): MessageTranslator {
  return (message) => {
    const hindi = translateMessage(message, 'hi');
    const text = language === 'hi' ? hindi : message;
    return pseudo && hindi !== message ? `⟦${text}⟧` : text;
  };
}

/** The translator for the current language. */
export function useMessageTranslator(): MessageTranslator {
  const { language } = useT('ui');
  // The pseudo flag is read at each call, as the engine reads it once per page load.
  return useCallback((message: string) => messageTranslator(language)(message), [language]);
}

/** Every `message` of react-hook-form's errors, translated; refs and types stay as they are. */
export function translateErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  translate: MessageTranslator,
): FieldErrors<T> {
  const visit = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) return (node as unknown[]).map(visit);
    const entries = Object.entries(node).map(([key, value]: [string, unknown]): [string, unknown] =>
      key === 'message' && typeof value === 'string'
        ? [key, translate(value)]
        : key === 'ref'
          ? [key, value]
          : [key, visit(value)],
    );
    return Object.fromEntries(entries);
  };
  return visit(errors) as FieldErrors<T>;
}

/** A form's resolver whose messages come out through `translate` (the schema's are English). */
export function withTranslatedMessages<TIn extends FieldValues, C, TOut>(
  resolver: Resolver<TIn, C, TOut>,
  translate: MessageTranslator,
): Resolver<TIn, C, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { ...result, errors: translateErrors(result.errors, translate) } as typeof result;
  };
}
