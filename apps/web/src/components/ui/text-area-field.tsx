import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FIELD_BORDER_COLOURS } from '@app/domain';
import './text-field.css';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Shown under the field; also turns the border red. */
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with the same borders and messages as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <textarea
          {...rest}
          ref={ref}
          id={inputId}
          rows={rows}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          style={{ borderColor: error ? FIELD_BORDER_COLOURS.error : FIELD_BORDER_COLOURS.valid }}
        />
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
