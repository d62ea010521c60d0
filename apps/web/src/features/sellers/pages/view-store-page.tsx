import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useStore } from '../api/sellers-api';
import { StoreCatalogue } from '../components/store-catalogue';
import { StoreDetails } from '../components/store-details';
import { SELLER_MESSAGES } from '../messages';

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

  if (store.isPending) {
    return (
      <section className="page">
        <LoadingState label="Loading store…" />
      </section>
    );
  }
  if (store.isError) {
    const notFound = isApiError(store.error) && (store.error.status === 404 || store.error.status === 400);
    return (
      <section className="page">
        <title>{`${notFound ? SELLER_MESSAGES.storeNotFound : 'Error'} | Revuhub`}</title>
        {notFound ? (
          <ErrorState
            titleAs="h1"
            title={SELLER_MESSAGES.storeNotFound}
            message="This store does not exist or is not public."
          />
        ) : (
          <ErrorState
            titleAs="h1"
            title="Could not load the store"
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
        <nav aria-label="Price view" className="catalogue__views">
          <Link to="?view=consumer" aria-current={business ? undefined : 'page'}>
            Consumer prices
          </Link>{' '}
          ·{' '}
          <Link to="?view=business" aria-current={business ? 'page' : undefined}>
            Business prices
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
