import { lazy, Suspense } from 'react';
import type { NearbyStore } from '@app/domain';
import { useSiteSettings } from '../../../lib/site-settings';
import type { Position } from '../api/use-current-location';
import { useT } from '../../../lib/i18n';

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
  const { t } = useT('stores');
  return (
    <figure className="locator-map">
      <Suspense
        fallback={<div className="locator-map__canvas locator-map__canvas--plain" aria-hidden="true" />}
      >
        <LeafletMap
          {...props}
          tileUrl={settings?.map.tileUrl ?? ''}
          attribution={settings?.map.attribution ?? ''}
          mapLabel={t('mapLabel')}
          zoomInLabel={t('zoomIn')}
          zoomOutLabel={t('zoomOut')}
        />
      </Suspense>
      <figcaption className="locator-map__caption">{t('mapCaption')}</figcaption>
    </figure>
  );
}
