import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { ChosenPlace } from './place-search';
import { useCurrentLocation, type Position } from './use-current-location';

export interface SearchOrigin {
  position: Position;
  /** The chosen place's name, or null for the device's position ("Your location"). */
  label: string | null;
}

/**
 * Where a search starts: a chosen pincode, area or city, else the device's position (decision 025:
 * a chosen place counts as a location). `missing` says what to do while there is neither.
 */
export function useSearchOrigin() {
  const { t } = useT('stores');
  const location = useCurrentLocation();
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const origin: SearchOrigin | null = place
    ? { position: place.position, label: place.label }
    : location.status === 'found'
      ? { position: location.position, label: null }
      : null;
  const missing = origin ? null : location.status === 'locating' ? t('waitingForLocation') : t('typePlace');
  return { location, place, setPlace, origin, missing };
}
