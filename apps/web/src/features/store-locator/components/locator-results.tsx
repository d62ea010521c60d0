import type { Ref } from 'react';
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
  /** Takes focus after an answer (see useAnswerFocus): the list's heading, or the message. */
  answerRef: Ref<HTMLElement>;
}

export function LocatorResults({
  here,
  isPending,
  error,
  stores,
  emptyTitle,
  listHeading,
  onRetry,
  answerRef,
}: LocatorResultsProps) {
  const messageRef = answerRef as Ref<HTMLDivElement>;
  if (isPending) return <LoadingState label="Finding stores near you…" />;
  if (error) {
    // Focus announces it, so it is not also an alert (one announcement).
    return (
      <div ref={messageRef} tabIndex={-1} className="locator-answer">
        <ErrorState
          title="Could not find stores"
          message={error.message}
          onRetry={onRetry}
          announce={false}
        />
      </div>
    );
  }
  if (!stores) return null;
  if (stores.length === 0) {
    return (
      <div ref={messageRef} tabIndex={-1} className="locator-answer">
        <EmptyState title={emptyTitle}>
          <p className="feedback__text">
            Try another category or brand, or search again from somewhere else.
          </p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="locator-results">
      <StoreList stores={stores} heading={listHeading} headingRef={answerRef} />
      {here ? <StoreMap here={here} stores={stores} /> : null}
    </div>
  );
}
