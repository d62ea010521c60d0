import { useEffect, useState } from 'react';
import { LOCATOR_MESSAGES } from '@app/domain';

export interface Position {
  latitude: number;
  longitude: number;
}

export type LocationState =
  { status: 'locating' } | { status: 'found'; position: Position } | { status: 'unavailable' };

/**
 * Asks the browser for the visitor's position once. A failure is only logged (spec section 8),
 * and the locator stays disabled; the page explains why.
 */
export function useCurrentLocation(): LocationState {
  const [state, setState] = useState<LocationState>(() =>
    typeof navigator !== 'undefined' && 'geolocation' in navigator
      ? { status: 'locating' }
      : { status: 'unavailable' },
  );

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      console.log(LOCATOR_MESSAGES.locationFailed);
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!cancelled) {
          setState({ status: 'found', position: { latitude: coords.latitude, longitude: coords.longitude } });
        }
      },
      () => {
        console.log(LOCATOR_MESSAGES.locationFailed);
        if (!cancelled) setState({ status: 'unavailable' });
      },
      { timeout: 15_000, maximumAge: 5 * 60 * 1000 },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return state;
}
