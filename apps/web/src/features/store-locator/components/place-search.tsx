import { useDeferredValue, useMemo, useState } from 'react';
import type { Place } from '@app/domain';
import type { TFunction } from '../../../lib/i18n';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { isApiError } from '../../../lib/api-client';
import { usePlaceSearch, type ChosenPlace } from '../api/place-search';
import { useT } from '../../../lib/i18n';

const KIND_KEY: Record<Place['kind'], string> = {
  pincode: 'placePincode',
  area: 'placeArea',
  city: 'placeCity',
};

const optionOf = (place: Place, t: TFunction): ComboboxOption => ({
  value: `${place.kind}:${place.label}`,
  label: place.label,
  detail: t('placeDetail', { kind: t(KIND_KEY[place.kind]), count: place.stores }),
});

interface Props {
  /** Whether the device gave a position: the place is then optional. */
  located: boolean;
  onChoose: (place: ChosenPlace | null) => void;
}

/**
 * A place instead of the device's position: a 6-digit pincode, or part of an area or city name
 * (GET /api/locator/places, decision 025). The store locator searches around it; a service provider
 * without location lists a service there (decision 062).
 */
export function PlaceSearch({ located, onChoose }: Props) {
  const { t } = useT('stores');
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const places = usePlaceSearch(query);
  const found = useMemo(() => places.data?.data ?? [], [places.data]);
  const options = query ? found.map((place) => optionOf(place, t)) : [];
  const refused = places.isError ? (isApiError(places.error) ? places.error.errors.q : undefined) : undefined;

  return (
    <Combobox
      label={t('placeLabel')}
      name="place"
      value={text}
      onValueChange={(value) => {
        setText(value);
        onChoose(null);
      }}
      options={options}
      onSelect={(option) => {
        const place = found.find((p) => `${p.kind}:${p.label}` === option.value);
        if (!place) return;
        setText(place.label);
        onChoose({ label: place.label, position: { latitude: place.lat, longitude: place.long } });
      }}
      loading={places.isFetching}
      noMatches={
        refused ?? (places.isError ? t('lookupFailed', { message: places.error.message }) : t('noPlaces'))
      }
      placeholder={t('placePlaceholder')}
      hint={located ? t('searchingAroundYou') : t('placeHint')}
    />
  );
}
