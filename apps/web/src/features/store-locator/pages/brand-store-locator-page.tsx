import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useNearbyPartnerStores, useScopeStore } from '../api/locator-api';
import { useSearchOrigin, type SearchOrigin } from '../api/use-search-origin';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { PlaceSearch } from '../components/place-search';
import { useAnswerFocus } from '../components/use-answer-focus';
import { useT } from '../../../lib/i18n';
import '../components/store-locator.css';

/** /brandstorelocator/{brandUserId}: the brand's partner stores near the visitor or a chosen place. */
export default function BrandStoreLocatorPage() {
  const { brandUserId = '' } = useParams();
  const brand = useScopeStore(brandUserId);
  const { location, place, setPlace, origin, missing } = useSearchOrigin();
  const partners = useNearbyPartnerStores();
  const [searched, setSearched] = useState<SearchOrigin | null>(null);
  const { answerRef, answered } = useAnswerFocus();
  const { t } = useT('stores');
  const { t: common } = useT('common');

  function search() {
    if (!origin) return;
    setSearched(origin);
    partners.mutate(
      { lat: origin.position.latitude, long: origin.position.longitude, storeUserId: brandUserId },
      { onSettled: answered },
    );
  }

  if (brand.isPending) {
    return (
      <section className="page locator">
        <LoadingState label={t('loadingBrand')} />
      </section>
    );
  }
  if (brand.isError) {
    return (
      <section className="page locator">
        <title>{common('pageTitle', { title: t('brandNotFound') })}</title>
        <ErrorState
          title={t('brandNotFound')}
          message={brand.error.message}
          onRetry={() => void brand.refetch()}
        />
      </section>
    );
  }

  const name = brand.data.Data.name;
  const count = partners.data?.Data.length ?? 0;
  return (
    <section className="page locator">
      <title>{common('pageTitle', { title: t('partnerStoresTitle', { name }) })}</title>
      <h1>{t('partnerStoresHeading', { name })}</h1>
      <p className="locator__intro">{t('partnerStoresIntro', { name })}</p>
      <LocationHint location={location} placeChosen={!!place} />
      <form
        className="locator-search"
        aria-label={t('findPartnerStores')}
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <PlaceSearch located={location.status === 'found'} onChoose={setPlace} />
        <SubmitButton
          blockedReason={missing}
          submitting={partners.isPending}
          submittingLabel={t('searching')}
        >
          {t('getNearbyStore')}
        </SubmitButton>
      </form>
      <LocatorResults
        here={searched?.position}
        hereLabel={searched?.label ?? t('yourLocation')}
        isPending={partners.isPending}
        error={partners.error}
        stores={partners.data?.Data}
        emptyTitle={t('noPartnerStores')}
        listHeading={
          searched?.label
            ? t('partnerStoresNear', { place: searched.label, count })
            : t('partnerStoresNearYou', { count })
        }
        onRetry={search}
        answerRef={answerRef}
      />
    </section>
  );
}
