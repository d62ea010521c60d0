import { useState } from 'react';
import { useParams } from 'react-router';
import { LOCATOR_MESSAGES } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useNearbyPartnerStores, useScopeStore } from '../api/locator-api';
import { useSearchOrigin, type SearchOrigin } from '../api/use-search-origin';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { PlaceSearch } from '../components/place-search';
import { useAnswerFocus } from '../components/use-answer-focus';
import '../components/store-locator.css';

/** /brandstorelocator/{brandUserId}: the brand's partner stores near the visitor or a chosen place. */
export default function BrandStoreLocatorPage() {
  const { brandUserId = '' } = useParams();
  const brand = useScopeStore(brandUserId);
  const { location, place, setPlace, origin, missing } = useSearchOrigin();
  const partners = useNearbyPartnerStores();
  const [searched, setSearched] = useState<SearchOrigin | null>(null);
  const { answerRef, answered } = useAnswerFocus();

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
        <LoadingState label="Loading brand…" />
      </section>
    );
  }
  if (brand.isError) {
    return (
      <section className="page locator">
        <title>Brand not found | Revuhub</title>
        <ErrorState
          title="Brand not found"
          message={brand.error.message}
          onRetry={() => void brand.refetch()}
        />
      </section>
    );
  }

  const name = brand.data.Data.name;
  const near = searched && searched.label !== 'Your location' ? `near ${searched.label}` : 'near you';
  return (
    <section className="page locator">
      <title>{`${name} partner stores | Revuhub`}</title>
      <h1>{`${name}: partner stores`}</h1>
      <p className="locator__intro">{`Stores near you, or near a pincode, area or city, that carry ${name} products.`}</p>
      <LocationHint location={location} placeChosen={!!place} />
      <form
        className="locator-search"
        aria-label="Find partner stores"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <PlaceSearch located={location.status === 'found'} onChoose={setPlace} />
        <SubmitButton blockedReason={missing} submitting={partners.isPending} submittingLabel="Searching…">
          Get Nearby Store
        </SubmitButton>
      </form>
      <LocatorResults
        here={searched?.position}
        hereLabel={searched?.label ?? ''}
        isPending={partners.isPending}
        error={partners.error}
        stores={partners.data?.Data}
        emptyTitle={LOCATOR_MESSAGES.noPartnerStores}
        listHeading={`Partner stores ${near} (${partners.data?.Data.length ?? 0})`}
        onRetry={search}
        answerRef={answerRef}
      />
    </section>
  );
}
