import type { LocationState } from '../api/use-current-location';
import { useT } from '../../../lib/i18n';

/** What the device's position is doing; without it, a pincode, area or city does (decision 025). */
export function LocationHint({ location, placeChosen }: { location: LocationState; placeChosen: boolean }) {
  const { t } = useT('stores');
  if (location.status === 'found' || placeChosen) return null;
  return (
    <p className="locator__hint" role="status">
      {location.status === 'locating' ? t('findingLocation') : t('locationUnavailable')}
    </p>
  );
}
