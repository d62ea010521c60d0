import './feedback.css';
import { useT } from '../../lib/i18n/translate';

export function Spinner({ label }: { label?: string }) {
  const { t } = useT('ui');
  return (
    <span className="spinner" role="img" aria-label={label ?? t('loading')}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}

/** A whole region that is waiting for data. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useT('ui');
  return (
    <div className="feedback" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <p className="feedback__text">{label ?? t('loadingEllipsis')}</p>
    </div>
  );
}
