import type { ContributionChoice } from '@app/domain';

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
  return (
    <fieldset className="privacy__choice" aria-describedby={error ? 'contributions-error' : undefined}>
      <legend>Your posts and queries</legend>
      <label>
        <input
          type="radio"
          name="contributions"
          checked={value === 'remove'}
          onChange={() => onChange('remove')}
        />{' '}
        Remove them, with their photos and videos
      </label>
      <label>
        <input
          type="radio"
          name="contributions"
          checked={value === 'anonymise'}
          onChange={() => onChange('anonymise')}
        />{' '}
        Keep them without my name (purchase invoices attached to reviews are deleted)
      </label>
      {error ? (
        <p id="contributions-error" className="privacy__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
