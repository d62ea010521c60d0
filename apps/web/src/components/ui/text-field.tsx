import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldControl, type FieldMessages } from './field-frame';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldMessages {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** Rendered inside the field box after the input, e.g. a show-password toggle. */
  trailing?: ReactNode;
}

const INPUT_MODES: Partial<Record<string, TextFieldProps['inputMode']>> = {
  email: 'email',
  tel: 'tel',
  number: 'numeric',
  url: 'url',
  search: 'search',
};

export function TextField({
  label,
  error,
  hint,
  status,
  id,
  trailing,
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const control = useFieldControl(rest.name, id, { error, hint, status });
  return (
    <FieldFrame
      label={label}
      controlId={control.id}
      className={className}
      error={error}
      hint={hint}
      status={status}
    >
      <input
        // Every field says what it holds: a keyboard to match, and no browser guesses where a form
        // did not name the autofill (product data, codes) — forms override both where they know.
        autoComplete="off"
        inputMode={INPUT_MODES[rest.type ?? 'text'] ?? 'text'}
        {...rest}
        ref={ref}
        {...control}
      />
      {trailing}
    </FieldFrame>
  );
}
