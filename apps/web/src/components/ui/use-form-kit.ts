import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, Path, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { fieldIdFor } from './form-scope';

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

export interface SummaryItem {
  name: string;
  message: string;
  href: string;
}

function readPath(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Flattens react-hook-form's nested errors into name → message, in the order they were reported. */
function listErrors(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  const found: { name: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'root') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') found.push({ name, message });
    else if (typeof value === 'object') found.push(...listErrors(value as FieldErrors, name));
  }
  return found;
}

/**
 * One behaviour for every form (issue 14): a field's error shows once the user changed that field or
 * tried to submit, never for merely tabbing past it; a failed submit gathers the errors in a summary
 * that takes focus; a server answer moves focus to its message.
 */
export function useFormKit<T extends FieldValues, C = unknown, TOut extends FieldValues = T>(
  form: UseFormReturn<T, C, TOut>,
) {
  const scope = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [serverAnswers, setServerAnswers] = useState(0);
  // Reading these subscribes the component to them (react-hook-form's proxy state).
  const { errors, dirtyFields, isSubmitted } = form.formState;

  const fieldId = useCallback((name: string) => fieldIdFor(scope, name), [scope]);

  const shownError = (name: Path<T>): string | undefined => {
    const error = readPath(errors, name) as { message?: unknown; type?: unknown } | undefined;
    if (!error || typeof error.message !== 'string') return undefined;
    const changed = Boolean(readPath(dirtyFields, name));
    return isSubmitted || failedAttempts > 0 || changed || error.type === 'server'
      ? error.message
      : undefined;
  };

  // Two fields with one message (latitude and longitude: "Share your store location") are one entry.
  const summary: SummaryItem[] =
    isSubmitted || failedAttempts > 0
      ? listErrors(errors)
          .filter((item, index, all) => all.findIndex((other) => other.message === item.message) === index)
          .map((item) => ({ ...item, href: `#${fieldId(item.name)}` }))
      : [];

  // react-hook-form publishes the errors after calling onInvalid, so the summary may appear one
  // render after the attempt was counted: focus it on the first render where it exists.
  const focusPending = useRef(false);
  useEffect(() => {
    if (failedAttempts > 0) focusPending.current = true;
  }, [failedAttempts]);
  useEffect(() => {
    if (focusPending.current && summaryRef.current) {
      focusPending.current = false;
      summaryRef.current.focus();
    }
  });

  useEffect(() => {
    if (serverAnswers > 0) messageRef.current?.focus();
  }, [serverAnswers]);

  const onSubmit = (onValid: SubmitHandler<TOut>) =>
    form.handleSubmit(onValid, () => setFailedAttempts((count) => count + 1));

  /** For forms that validate by hand (several actions, no handleSubmit): show the summary and focus it. */
  const failSubmit = useCallback(() => setFailedAttempts((count) => count + 1), []);

  /** Call after every server answer that leaves the user on the form; focus goes to its message. */
  const announceServerAnswer = useCallback(() => setServerAnswers((count) => count + 1), []);

  /** Moves focus to a field named in the summary. */
  const focusField = (name: string) => {
    const target = document.getElementById(fieldId(name));
    // A group (a fieldset of checkboxes) is not focusable itself; its first control is.
    const focusable = target?.matches(FOCUSABLE) ? target : target?.querySelector<HTMLElement>(FOCUSABLE);
    if (focusable) {
      focusable.focus();
      focusable.scrollIntoView?.({ block: 'center' });
      return;
    }
    form.setFocus(name as Path<T>);
  };

  return {
    scope,
    fieldId,
    shownError,
    onSubmit,
    announceServerAnswer,
    failSubmit,
    summaryProps: { items: summary, summaryRef, onFollow: focusField, attempt: failedAttempts },
    messageRef,
  };
}

export type FormKit = ReturnType<typeof useFormKit>;
