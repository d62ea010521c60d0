import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';
import { useT } from '../../../lib/i18n';

/**
 * A checkout link whose product does not exist or is not sold any more: a way back instead of a
 * form and an Order button that could only fail.
 */
export function ProductNotFound({ storeUserId, inactive }: { storeUserId?: string; inactive?: boolean }) {
  const { t } = useT('checkout');
  const { t: common } = useT('common');
  const title = inactive ? t('productNotSold') : t('productNotFound');
  return (
    <div className="page">
      <title>{common('pageTitle', { title })}</title>
      <ErrorState titleAs="h1" title={title} message={inactive ? t('productStopped') : t('productUnknown')}>
        <p className="checkout__ways-back">
          {storeUserId ? <Link to={paths.viewStore(storeUserId)}>{t('backToStore')}</Link> : null}
          <Link to={paths.viewStores}>{t('browseStores')}</Link>
          <Link to={paths.home}>{t('home')}</Link>
        </p>
      </ErrorState>
    </div>
  );
}
