import type { NearbyStore } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import type { Position } from '../api/use-current-location';
import { StoreList } from './store-list';
import { StoreMap } from './store-map';

interface LocatorResultsProps {
  here: Position | undefined;
  isPending: boolean;
  error: Error | null;
  stores: NearbyStore[] | undefined;
  emptyTitle: string;
  listHeading: string;
  onRetry: () => void;
}

export function LocatorResults({
  here,
  isPending,
  error,
  stores,
  emptyTitle,
  listHeading,
  onRetry,
}: LocatorResultsProps) {
  if (isPending) return <LoadingState label="Finding stores near you…" />;
  if (error) return <ErrorState title="Could not find stores" message={error.message} onRetry={onRetry} />;
  if (!stores) return null;
  if (stores.length === 0) {
    return (
      <EmptyState title={emptyTitle}>
        <p className="feedback__text">Try another category or brand, or search again from somewhere else.</p>
      </EmptyState>
    );
  }
  return (
    <div className="locator-results">
      <StoreList stores={stores} heading={listHeading} />
      {here ? <StoreMap here={here} stores={stores} /> : null}
    </div>
  );
}
