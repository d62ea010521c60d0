import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useNearbyStores, useScopeStore } from '../api/locator-api';
import { useSearchOrigin, type SearchOrigin } from '../api/use-search-origin';
import { CategoryBrandSearch, type LocatorChoice } from '../components/category-brand-search';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { PlaceSearch } from '../components/place-search';
import { useAnswerFocus } from '../components/use-answer-focus';
import { useT } from '../../../lib/i18n';
import '../components/store-locator.css';

/** /storelocator and /storelocator/{storeUserId}: nearest stores by category or brand. */
export default function StoreLocatorPage() {
  const { storeUserId } = useParams();
  const scope = useScopeStore(storeUserId);
  const { location, place, setPlace, origin, missing } = useSearchOrigin();
  const nearby = useNearbyStores();
  const [searched, setSearched] = useState<SearchOrigin | null>(null);
  const { answerRef, answered } = useAnswerFocus();
  const { t } = useT('stores');
  const { t: common } = useT('common');

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
  const title = storeName ? t('storeLocatorOf', { name: storeName }) : t('storeLocator');
  const count = nearby.data?.Data.length ?? 0;

  return (
    <section className="page locator">
      <title>{common('pageTitle', { title })}</title>
      <h1>{title}</h1>
      <p className="locator__intro">
        {storeName ? t('findNearestStore', { name: storeName }) : t('locatorIntro')}
      </p>
      {storeUserId && scope.isPending ? <LoadingState label={t('loadingStore')} /> : null}
      {storeUserId && scope.isError ? (
        <ErrorState
          title={t('storeNotFound')}
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
            hereLabel={searched?.label ?? t('yourLocation')}
            isPending={nearby.isPending}
            error={nearby.error}
            stores={nearby.data?.Data}
            emptyTitle={searched?.label ? t('noStoresNear', { place: searched.label }) : t('noStores')}
            listHeading={
              searched?.label
                ? t('storesNear', { place: searched.label, count })
                : t('storesNearYou', { count })
            }
            onRetry={() => nearby.variables && nearby.mutate(nearby.variables, { onSettled: answered })}
            answerRef={answerRef}
          />
        </>
      ) : null}
    </section>
  );
}
