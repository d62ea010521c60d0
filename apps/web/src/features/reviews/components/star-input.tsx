import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import './ratings.css';

export interface StarInputProps {
  legend: string;
  value: number | undefined;
  onChange: (stars: number) => void;
  /** Shown under the choices and tied to them for screen readers. */
  error?: string | undefined;
  hint?: string | undefined;
  /** The group's id, for the error summary's link. */
  id?: string | undefined;
}

/**
 * 1 to 5 stars as a group of five radio buttons (issue 41): arrow keys move between them as in any
 * radio group, each says its number in words, and each is a 44 px target.
 */
export function StarInput({ legend, value, onChange, error, hint, id }: StarInputProps) {
  const { t } = useT('reviews');
  const name = useId();
  const noteId = `${name}-note`;
  return (
    <fieldset className="star-input" id={id} aria-describedby={error || hint ? noteId : undefined}>
      <legend>{legend}</legend>
      <div className="star-input__choices">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="star-input__choice">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(stars)}
            />
            <span aria-hidden="true" className="star-input__star">
              {'★'.repeat(stars)}
            </span>
            <span>{t('starChoice', { stars })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={noteId} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
