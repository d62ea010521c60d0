import { useDeferredValue, useMemo, useState } from 'react';
import { PLACE_MESSAGES, type Place } from '@app/domain';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { isApiError } from '../../../lib/api-client';
import { usePlaceSearch } from '../api/locator-api';
import type { ChosenPlace } from '../api/use-search-origin';

const KIND_LABEL: Record<Place['kind'], string> = { pincode: 'Pincode', area: 'Area', city: 'City' };

const optionOf = (place: Place): ComboboxOption => ({
  value: `${place.kind}:${place.label}`,
  label: place.label,
  detail: `${KIND_LABEL[place.kind]} · ${place.stores} store${place.stores === 1 ? '' : 's'} listed`,
});

interface Props {
  /** Whether the device gave a position: the place is then optional. */
  located: boolean;
  onChoose: (place: ChosenPlace | null) => void;
}

/**
 * Where to search when the device's position is off or is not where the person is looking: a
 * 6-digit pincode, or part of an area or city name (GET /api/locator/places, decision 025).
 */
export function PlaceSearch({ located, onChoose }: Props) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const places = usePlaceSearch(query);
  const found = useMemo(() => places.data?.data ?? [], [places.data]);
  const options = useMemo(() => (query ? found.map(optionOf) : []), [found, query]);
  const refused = places.isError ? (isApiError(places.error) ? places.error.errors.q : undefined) : undefined;

  return (
    <Combobox
      label="Pincode, area or city"
      name="place"
      value={text}
      onValueChange={(value) => {
        setText(value);
        onChoose(null);
      }}
      options={options}
      onSelect={(option) => {
        const place = found.find((p) => optionOf(p).value === option.value);
        if (!place) return;
        setText(place.label);
        onChoose({ label: place.label, position: { latitude: place.lat, longitude: place.long } });
      }}
      loading={places.isFetching}
      noMatches={
        refused ??
        (places.isError ? `Could not look it up: ${places.error.message}` : PLACE_MESSAGES.noPlaces)
      }
      placeholder="e.g. 560038 or Indiranagar"
      hint={
        located
          ? 'Searching around your location. To search somewhere else, type a pincode, area or city.'
          : 'Type a 6-digit pincode or part of an area or city, then choose it from the list.'
      }
    />
  );
}
