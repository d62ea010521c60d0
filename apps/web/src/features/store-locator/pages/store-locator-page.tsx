import { useParams } from 'react-router';
import { LOCATOR_MESSAGES } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useNearbyStores, useScopeStore } from '../api/locator-api';
import { useCurrentLocation } from '../api/use-current-location';
import { CategoryBrandSearch, type LocatorChoice } from '../components/category-brand-search';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { useAnswerFocus } from '../components/use-answer-focus';
import '../components/store-locator.css';

/** /storelocator and /storelocator/{storeUserId}: nearest stores by category or brand. */
export default function StoreLocatorPage() {
  const { storeUserId } = useParams();
  const scope = useScopeStore(storeUserId);
  const location = useCurrentLocation();
  const nearby = useNearbyStores();
  const here = location.status === 'found' ? location.position : undefined;
  const { answerRef, answered } = useAnswerFocus();

  function search(choice: LocatorChoice) {
    if (!here) return;
    nearby.mutate(
      { lat: here.latitude, long: here.longitude, ...choice, storeUserId: storeUserId ?? '' },
      { onSettled: answered },
    );
  }

  const storeName = scope.data?.Data.name;
  const title = storeName ? `Store locator: ${storeName}` : 'Store locator';

  return (
    <section className="page locator">
      <title>{`${title} | Revuhub`}</title>
      <h1>{title}</h1>
      <p className="locator__intro">
        {storeName
          ? `Find the nearest ${storeName} store for a category or a brand.`
          : 'Find stores near you that sell a category or a brand.'}
      </p>
      {storeUserId && scope.isPending ? <LoadingState label="Loading store…" /> : null}
      {storeUserId && scope.isError ? (
        <ErrorState
          title="Store not found"
          message={scope.error.message}
          onRetry={() => void scope.refetch()}
        />
      ) : null}
      {!storeUserId || scope.isSuccess ? (
        <>
          <LocationHint location={location} />
          <CategoryBrandSearch
            sellCategory={scope.data?.Data.sellCategory}
            canSearch={!!here}
            searching={nearby.isPending}
            onSearch={search}
          />
          <LocatorResults
            here={here}
            isPending={nearby.isPending}
            error={nearby.error}
            stores={nearby.data?.Data}
            emptyTitle={LOCATOR_MESSAGES.noStores}
            listHeading={`Stores near you (${nearby.data?.Data.length ?? 0})`}
            onRetry={() => nearby.variables && nearby.mutate(nearby.variables, { onSettled: answered })}
            answerRef={answerRef}
          />
        </>
      ) : null}
    </section>
  );
}
