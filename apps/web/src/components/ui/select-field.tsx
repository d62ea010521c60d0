import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FIELD_BORDERS } from './field-colours';
import { useFieldId } from './form-scope';
import './text-field.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  /** First, empty option; choosing it leaves the field unset. */
  placeholder?: string;
  /** Shown under the field; also turns the border red. */
  error?: string | undefined;
  /** Shown under the field instead of a hint, e.g. while the options load. */
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with the same borders and messages as TextField. */
export function SelectField({
  label,
  options,
  placeholder = 'Select',
  error,
  hint,
  id,
  className,
  ref,
  ...rest
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = useFieldId(rest.name, id, generatedId);
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field__control">
        <select
          {...rest}
          ref={ref}
          id={selectId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          style={{ borderColor: error ? FIELD_BORDERS.error : FIELD_BORDERS.valid }}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
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
