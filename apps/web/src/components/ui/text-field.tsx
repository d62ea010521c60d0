import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FIELD_BORDERS } from './field-colours';
import { useFieldId } from './form-scope';
import './text-field.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field; also turns the border red. */
  error?: string | undefined;
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

export function TextField({ label, error, hint, id, trailing, className, ref, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = useFieldId(rest.name, id, generatedId);
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          // Every field says what it holds: a keyboard to match, and no browser guesses where a form
          // did not name the autofill (product data, codes) — forms override both where they know.
          autoComplete="off"
          inputMode={INPUT_MODES[rest.type ?? 'text'] ?? 'text'}
          {...rest}
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          style={{ borderColor: error ? FIELD_BORDERS.error : FIELD_BORDERS.valid }}
        />
        {trailing}
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
