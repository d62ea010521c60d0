import type { LocationState } from '../api/use-current-location';

/** Why "Get Nearby Store" may be disabled: the locator needs the device's position. */
export function LocationHint({ location }: { location: LocationState }) {
  if (location.status === 'found') return null;
  return (
    <p className="locator__hint" role="status">
      {location.status === 'locating'
        ? 'Finding your location…'
        : 'Allow location access in your browser to find stores near you, then reload the page.'}
    </p>
  );
}
