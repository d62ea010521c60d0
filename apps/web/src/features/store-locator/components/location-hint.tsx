import type { LocationState } from '../api/use-current-location';

/** What the device's position is doing; without it, a pincode, area or city does (decision 025). */
export function LocationHint({ location, placeChosen }: { location: LocationState; placeChosen: boolean }) {
  if (location.status === 'found' || placeChosen) return null;
  return (
    <p className="locator__hint" role="status">
      {location.status === 'locating'
        ? 'Finding your location… You can also type a pincode, area or city below.'
        : 'Your location is not available. Type a pincode, area or city below to find stores near it.'}
    </p>
  );
}
