import type { ReactNode } from 'react';
import { currentConsent, type Consent } from '@app/domain';
import { useT } from '../../lib/i18n/translate';
import { paths } from '../../lib/routes';
import { AppLink } from './app-link';
import { useFieldControl } from './field-frame';
import { richText } from './rich-text';
import './consent-field.css';

export interface ConsentFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Set when the form was submitted without the box ticked (use `consentError`). */
  error?: string | undefined;
  /** The field's name inside a KitForm, so the error summary can link to it. */
  name?: string;
}

/**
 * The terms' "18 or older" box with links to the terms and the privacy notice (decision 040): every
 * sign-up and every contribution without an account records it beside what was sent.
 */
export function ConsentField({ checked, onChange, error, name = 'consent' }: ConsentFieldProps) {
  const { t } = useT('ui');
  const control = useFieldControl(name, undefined, { error });
  const links: Record<string, ReactNode> = {
    terms: (
      <AppLink to={paths.termsAndConditions} target="_blank" rel="noopener">
        {t('consentTerms')}
      </AppLink>
    ),
    privacy: (
      <AppLink to={paths.privacyPolicy} target="_blank" rel="noopener">
        {t('consentPrivacy')}
      </AppLink>
    ),
  };
  return (
    <div className="consent-field">
      <div className="consent-field__row">
        <input
          type="checkbox"
          id={control.id}
          name={name}
          className="consent-field__box"
          checked={checked}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={control.id}>{t('consentAdult')}</label>
      </div>
      <p className="consent-field__notice">{richText((values) => t('consentNotice', values), links)}</p>
      {error ? (
        <p className="field__error" id={`${control.id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message when the box is not ticked, in the current language, or undefined when it is. */
export function useConsentError(checked: boolean): string | undefined {
  const { t } = useT('ui');
  return checked ? undefined : t('consentRequired');
}

/** What a form sends beside its fields once the box is ticked. */
export function consentPayload(checked: boolean): Consent | undefined {
  return checked ? currentConsent() : undefined;
}
