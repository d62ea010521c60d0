import { useState, type Ref } from 'react';
import type { NearbyStore } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import type { Position } from '../api/use-current-location';
import { StoreList } from './store-list';
import { StoreMap } from './store-map';
import { useT } from '../../../lib/i18n';

interface LocatorResultsProps {
  /** The point searched around: the device's position or the chosen place. */
  here: Position | undefined;
  hereLabel: string;
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
  hereLabel,
  isPending,
  error,
  stores,
  emptyTitle,
  listHeading,
  onRetry,
  answerRef,
}: LocatorResultsProps) {
  const { t } = useT('stores');
  const [selected, setSelected] = useState<{ id: string; among: NearbyStore[] } | null>(null);
  // A new answer starts with nothing selected.
  const selectedId = selected && selected.among === stores ? selected.id : null;
  const select = (id: string) => stores && setSelected({ id, among: stores });

  const messageRef = answerRef as Ref<HTMLDivElement>;
  if (isPending) return <LoadingState label={t('findingStores')} />;
  if (error) {
    // Focus announces it, so it is not also an alert (one announcement).
    return (
      <div ref={messageRef} tabIndex={-1} className="locator-answer">
        <ErrorState
          title={t('couldNotFindStores')}
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
          <p className="feedback__text">{t('tryAnother')}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="locator-results">
      <StoreList
        stores={stores}
        heading={listHeading}
        headingRef={answerRef}
        selectedId={selectedId}
        onSelect={select}
      />
      {here ? (
        <StoreMap
          here={here}
          hereLabel={hereLabel}
          stores={stores}
          selectedId={selectedId}
          onSelect={select}
        />
      ) : null}
    </div>
  );
}
