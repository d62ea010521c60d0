import { LoadingState } from '../components/ui/spinner';
import { useT } from '../lib/i18n';

/** Shown while a route's code loads for the first time. */
export function PageLoading() {
  const { t } = useT('common');
  return (
    <div className="page">
      <LoadingState label={t('loadingPageEllipsis')} />
    </div>
  );
}
