import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useStore } from '../api/sellers-api';
import { StoreCatalogue } from '../components/store-catalogue';
import { StoreDetails } from '../components/store-details';
import { StoreQuestions } from '../components/store-questions';
import { StoreReviews } from '../components/store-reviews';
import { useT } from '../../../lib/i18n';

/**
 * `/viewstore/{b2c}/{userId}` and `/viewstore/{userId}`. Visitors see the consumer view unless b2c is
 * "false"; the owner, whom login sends to `/viewstore/true/{id}`, sees the business view with
 * wholesale prices. `?view=` switches between them.
 */
function useBusinessView(userId: string) {
  const { b2c } = useParams();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const view = params.get('view');
  if (view === 'business') return true;
  if (view === 'consumer') return false;
  return b2c === 'false' || user?._id === userId;
}

export default function ViewStorePage() {
  const { userId = '' } = useParams();
  const store = useStore(userId);
  const business = useBusinessView(userId);
  const { t } = useT('stores');
  const { t: common } = useT('common');

  if (store.isPending) {
    return (
      <section className="page">
        <LoadingState label={t('loadingStore')} />
      </section>
    );
  }
  if (store.isError) {
    const notFound = isApiError(store.error) && (store.error.status === 404 || store.error.status === 400);
    return (
      <section className="page">
        <title>{common('pageTitle', { title: notFound ? t('storeNotFound') : t('error') })}</title>
        {notFound ? (
          <ErrorState titleAs="h1" title={t('storeNotFound')} message={t('storeNotPublic')} />
        ) : (
          <ErrorState
            titleAs="h1"
            title={t('couldNotLoadStore')}
            message={store.error.message}
            onRetry={() => void store.refetch()}
          />
        )}
      </section>
    );
  }
  return (
    <>
      <StoreDetails shop={store.data.Data} userId={userId} />
      <div className="page stack">
        <div className="store-hub-row">
          <StoreReviews shop={store.data.Data} userId={userId} />
          <StoreQuestions shop={store.data.Data} userId={userId} />
        </div>
        <nav aria-label={t('priceView')} className="catalogue__views">
          <Link to="?view=consumer" aria-current={business ? undefined : 'page'}>
            {t('consumerPrices')}
          </Link>{' '}
          ·{' '}
          <Link to="?view=business" aria-current={business ? 'page' : undefined}>
            {t('businessPrices')}
          </Link>
        </nav>
        <StoreCatalogue
          userId={userId}
          business={business}
          leadImage={!store.data.Data.media.some((m) => m.type === 'IMAGE')}
        />
      </div>
    </>
  );
}
