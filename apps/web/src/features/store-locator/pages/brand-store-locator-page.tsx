import { useParams } from 'react-router';
import { LOCATOR_MESSAGES } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useNearbyPartnerStores, useScopeStore } from '../api/locator-api';
import { useCurrentLocation } from '../api/use-current-location';
import { LocationHint } from '../components/location-hint';
import { LocatorResults } from '../components/locator-results';
import { useAnswerFocus } from '../components/use-answer-focus';
import '../components/store-locator.css';

/** /brandstorelocator/{brandUserId}: the brand's partner stores near the visitor. */
export default function BrandStoreLocatorPage() {
  const { brandUserId = '' } = useParams();
  const brand = useScopeStore(brandUserId);
  const location = useCurrentLocation();
  const partners = useNearbyPartnerStores();
  const here = location.status === 'found' ? location.position : undefined;
  const { answerRef, answered } = useAnswerFocus();

  function search() {
    if (here) {
      partners.mutate(
        { lat: here.latitude, long: here.longitude, storeUserId: brandUserId },
        { onSettled: answered },
      );
    }
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
  return (
    <section className="page locator">
      <title>{`${name} partner stores | Revuhub`}</title>
      <h1>{`${name}: partner stores`}</h1>
      <p className="locator__intro">{`Stores near you that carry ${name} products.`}</p>
      <LocationHint location={location} />
      <form
        className="locator-search"
        aria-label="Find partner stores"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <SubmitButton
          blockedReason={here ? null : 'Waiting for your location.'}
          submitting={partners.isPending}
          submittingLabel="Searching…"
        >
          Get Nearby Store
        </SubmitButton>
      </form>
      <LocatorResults
        here={here}
        isPending={partners.isPending}
        error={partners.error}
        stores={partners.data?.Data}
        emptyTitle={LOCATOR_MESSAGES.noPartnerStores}
        listHeading={`Partner stores near you (${partners.data?.Data.length ?? 0})`}
        onRetry={search}
        answerRef={answerRef}
      />
    </section>
  );
}
