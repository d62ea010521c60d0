import { useId, type ReactNode } from 'react';
import { FIELD_BORDERS } from './field-colours';
import { useFieldId } from './form-scope';
import './text-field.css';

export interface FieldMessages {
  /** Shown under the field; also turns the border red. */
  error?: string | undefined;
  /** Shown under the field, e.g. a format or "Loading…" while options load. */
  hint?: ReactNode;
  /**
   * A polite live message under the field, e.g. "filled in from the pincode". Pass '' until there is
   * something to say: the live region must exist before its text changes to be announced.
   */
  status?: ReactNode;
}

/**
 * The id, ARIA and border of one control, from the field's name inside a KitForm (so the error
 * summary can link to it) or the id given.
 */
export function useFieldControl(name: string | undefined, id: string | undefined, messages: FieldMessages) {
  const generatedId = useId();
  const controlId = useFieldId(name, id, generatedId);
  const { error, hint, status } = messages;
  const describedBy = [
    hint ? `${controlId}-hint` : null,
    status ? `${controlId}-status` : null,
    error ? `${controlId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id: controlId,
    className: 'field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    style: { borderColor: error ? FIELD_BORDERS.error : FIELD_BORDERS.valid },
  } as const;
}

/** The label, hint, status and error around one control; TextField, SelectField and TextAreaField share it. */
export function FieldFrame({
  label,
  controlId,
  className,
  error,
  hint,
  status,
  children,
}: FieldMessages & {
  label: string;
  controlId: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      <div className="field__control">{children}</div>
      {hint ? (
        <p className="field__hint" id={`${controlId}-hint`}>
          {hint}
        </p>
      ) : null}
      {status === undefined ? null : (
        <p className="field__hint" id={`${controlId}-status`} role="status">
          {status}
        </p>
      )}
      {error ? (
        <p className="field__error" id={`${controlId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
