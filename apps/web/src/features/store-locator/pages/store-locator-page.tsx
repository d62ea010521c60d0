import { useState } from 'react';
import { useParams } from 'react-router';
import { LOCATOR_MESSAGES } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useNearbyStores, useScopeStore } from '../api/locator-api';
import { useSearchOrigin, type SearchOrigin } from '../api/use-search-origin';
import { CategoryBrandSearch, type LocatorChoice } from '../components/category-brand-search';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { PlaceSearch } from '../components/place-search';
import { useAnswerFocus } from '../components/use-answer-focus';
import '../components/store-locator.css';

/** /storelocator and /storelocator/{storeUserId}: nearest stores by category or brand. */
export default function StoreLocatorPage() {
  const { storeUserId } = useParams();
  const scope = useScopeStore(storeUserId);
  const { location, place, setPlace, origin, missing } = useSearchOrigin();
  const nearby = useNearbyStores();
  const [searched, setSearched] = useState<SearchOrigin | null>(null);
  const { answerRef, answered } = useAnswerFocus();

  function search(choice: LocatorChoice) {
    if (!origin) return;
    setSearched(origin);
    nearby.mutate(
      {
        lat: origin.position.latitude,
        long: origin.position.longitude,
        ...choice,
        storeUserId: storeUserId ?? '',
      },
      { onSettled: answered },
    );
  }

  const storeName = scope.data?.Data.name;
  const title = storeName ? `Store locator: ${storeName}` : 'Store locator';
  const near = searched && searched.label !== 'Your location' ? `near ${searched.label}` : 'near you';

  return (
    <section className="page locator">
      <title>{`${title} | Revuhub`}</title>
      <h1>{title}</h1>
      <p className="locator__intro">
        {storeName
          ? `Find the nearest ${storeName} store for a category or a brand.`
          : 'Find stores near you, or near a pincode, area or city, that sell a category or a brand.'}
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
          <LocationHint location={location} placeChosen={!!place} />
          <CategoryBrandSearch
            sellCategory={scope.data?.Data.sellCategory}
            whereMissing={missing}
            searching={nearby.isPending}
            onSearch={search}
            where={<PlaceSearch located={location.status === 'found'} onChoose={setPlace} />}
          />
          <LocatorResults
            here={searched?.position}
            hereLabel={searched?.label ?? ''}
            isPending={nearby.isPending}
            error={nearby.error}
            stores={nearby.data?.Data}
            emptyTitle={
              searched?.label === 'Your location' || !searched
                ? LOCATOR_MESSAGES.noStores
                : `No stores found near ${searched.label}`
            }
            listHeading={`Stores ${near} (${nearby.data?.Data.length ?? 0})`}
            onRetry={() => nearby.variables && nearby.mutate(nearby.variables, { onSettled: answered })}
            answerRef={answerRef}
          />
        </>
      ) : null}
    </section>
  );
}
