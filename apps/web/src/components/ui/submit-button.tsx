import { useId, type ReactNode } from 'react';
import './button.css';
import './form-kit.css';
import { useT } from '../../lib/i18n/translate';

export interface SubmitButtonProps {
  /** Why the form cannot be sent yet; the button stays focusable and says so. */
  blockedReason?: string | null | undefined;
  submitting?: boolean;
  children?: ReactNode;
  submittingLabel?: string;
  className?: string;
}

/**
 * Submit is never silently disabled: a disabled button cannot be reached by Tab and does not say why.
 * While blocked it is aria-disabled, describes the reason, and a press still runs the form's
 * validation (which shows the error summary) without sending anything.
 */
export function SubmitButton({
  blockedReason,
  submitting = false,
  children,
  submittingLabel,
  className,
}: SubmitButtonProps) {
  const reasonId = useId();
  const { t } = useT('ui');
  const blocked = Boolean(blockedReason);
  return (
    <div className={['submit', className].filter(Boolean).join(' ')}>
      <button
        type="submit"
        className={['button', 'button--primary', blocked || submitting ? 'is-blocked' : ''].join(' ').trim()}
        aria-disabled={blocked || submitting || undefined}
        aria-busy={submitting || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={(event) => {
          // A second press while the first request runs must not send it twice.
          if (submitting) event.preventDefault();
        }}
      >
        {submitting ? <span className="button__spinner" aria-hidden="true" /> : null}
        {submitting ? (submittingLabel ?? t('submitting')) : (children ?? t('submit'))}
      </button>
      {blocked ? (
        <p className="submit__reason" id={reasonId}>
          {blockedReason}
        </p>
      ) : null}
    </div>
  );
}
