import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldMessages } from './field-frame';
import { useT } from '../../lib/i18n/translate';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldMessages {
  label: string;
  options: readonly SelectOption[];
  /** First, empty option; choosing it leaves the field unset. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with the same borders and messages as TextField. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  status,
  id,
  className,
  ref,
  ...rest
}: SelectFieldProps) {
  const control = useFieldControl(rest.name, id, { error, hint, status });
  const { t } = useT('ui');
  return (
    <FieldFrame
      label={label}
      controlId={control.id}
      className={className}
      error={error}
      hint={hint}
      status={status}
    >
      <select {...rest} ref={ref} {...control}>
        <option value="">{placeholder ?? t('select')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
