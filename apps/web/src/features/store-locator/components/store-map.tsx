import { lazy, Suspense } from 'react';
import type { NearbyStore } from '@app/domain';
import { useSiteSettings } from '../../../lib/site-settings';
import type { Position } from '../api/use-current-location';

// Leaflet and its CSS load only when a locator page has stores to show.
const LeafletMap = lazy(() => import('./leaflet-map'));

interface StoreMapProps {
  here: Position;
  hereLabel: string;
  stores: NearbyStore[];
  selectedId: string | null;
  onSelect: (storeId: string) => void;
}

/** The map beside the list; the list has everything the map shows, in text. */
export function StoreMap(props: StoreMapProps) {
  const settings = useSiteSettings();
  return (
    <figure className="locator-map">
      <Suspense
        fallback={<div className="locator-map__canvas locator-map__canvas--plain" aria-hidden="true" />}
      >
        <LeafletMap
          {...props}
          tileUrl={settings?.map.tileUrl ?? ''}
          attribution={settings?.map.attribution ?? ''}
        />
      </Suspense>
      <figcaption className="locator-map__caption">
        Numbers match the list. Select a pin to find its store in the list, or a number in the list to find
        its pin.
      </figcaption>
    </figure>
  );
}
