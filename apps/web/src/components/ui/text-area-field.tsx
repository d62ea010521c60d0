import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldMessages } from './field-frame';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldMessages {
  label: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with the same borders and messages as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  status,
  id,
  className,
  ref,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
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
      <textarea {...rest} ref={ref} rows={rows} {...control} />
    </FieldFrame>
  );
}
