import { DEFAULT_COUNTRY_NAME } from '@app/domain';
import { useCities, useCountries, useStates } from './applications-api';

/**
 * The country, state and city lists for the names chosen so far, with the ids of those names.
 * The forms hold names (what the API stores and shows); ids only select the next list.
 */
export function useLocationLookups(countryName: string, stateName: string, cityName = '') {
  const countries = useCountries();
  const countryId = countries.data?.find((c) => c.name === countryName)?._id;
  const states = useStates(countryId);
  const stateId = states.data?.find((s) => s.name === stateName)?._id;
  const cities = useCities(stateId);
  const cityId = cities.data?.find((c) => c.name === cityName)?._id;
  return { countries, states, cities, countryId, stateId, cityId };
}

export const INDIA = DEFAULT_COUNTRY_NAME;
