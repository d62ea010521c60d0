import { useState } from 'react';
import { useCurrentLocation, type Position } from './use-current-location';

/** A pincode, area or city the person chose to search around. */
export interface ChosenPlace {
  label: string;
  position: Position;
}

export interface SearchOrigin {
  position: Position;
  label: string;
}

/**
 * Where a search starts: a chosen pincode, area or city, else the device's position (decision 025:
 * a chosen place counts as a location). `missing` says what to do while there is neither.
 */
export function useSearchOrigin() {
  const location = useCurrentLocation();
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const origin: SearchOrigin | null = place
    ? { position: place.position, label: place.label }
    : location.status === 'found'
      ? { position: location.position, label: 'Your location' }
      : null;
  const missing = origin
    ? null
    : location.status === 'locating'
      ? 'Waiting for your location, or type a pincode, area or city and choose it.'
      : 'Type a pincode, area or city and choose it from the list.';
  return { location, place, setPlace, origin, missing };
}
