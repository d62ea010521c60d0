import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useStore } from '../api/sellers-api';
import { StoreDetails } from '../components/store-details';
import { SELLER_MESSAGES } from '../messages';

export default function ViewStorePage() {
  const { userId = '' } = useParams();
  const store = useStore(userId);

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
            title={SELLER_MESSAGES.storeNotFound}
            message="This store does not exist or is not public."
          />
        ) : (
          <ErrorState
            title="Could not load the store"
            message={store.error.message}
            onRetry={() => void store.refetch()}
          />
        )}
      </section>
    );
  }
  return <StoreDetails shop={store.data.Data} userId={userId} />;
}
