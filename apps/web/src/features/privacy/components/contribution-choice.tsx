import type { ContributionChoice } from '@app/domain';
import { useT } from '../../../lib/i18n';

/** Removed with their photos, or kept without the name, the account and the purchase invoices. */
export function ContributionChoiceField({
  value,
  onChange,
  error,
}: {
  value: ContributionChoice | null;
  onChange: (choice: ContributionChoice) => void;
  error?: string | undefined;
}) {
  const { t } = useT('account');
  return (
    <fieldset className="privacy__choice" aria-describedby={error ? 'contributions-error' : undefined}>
      <legend>{t('yourPostsAndQueries')}</legend>
      <label>
        <input
          type="radio"
          name="contributions"
          checked={value === 'remove'}
          onChange={() => onChange('remove')}
        />{' '}
        {t('removeThem')}
      </label>
      <label>
        <input
          type="radio"
          name="contributions"
          checked={value === 'anonymise'}
          onChange={() => onChange('anonymise')}
        />{' '}
        {t('keepThemWithoutName')}
      </label>
      {error ? (
        <p id="contributions-error" className="privacy__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
