import { useQuery } from '@tanstack/react-query';
import { placesResponseSchema, placeSearchQuerySchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** A pincode, area or city a person chose instead of their device's position. */
export interface ChosenPlace {
  label: string;
  position: { latitude: number; longitude: number };
}

/**
 * Places (pincode, area, city) matching the typed text (GET /api/locator/places, decision 025): the
 * store locator searches around one, and a service provider without location lists a service at
 * one. Text the API would refuse (one letter, five digits) is not sent.
 */
export function usePlaceSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['locator', 'places', q],
    enabled: placeSearchQuerySchema.safeParse({ q }).success,
    queryFn: ({ signal }) =>
      apiRequest(`/locator/places?q=${encodeURIComponent(q)}`, { schema: placesResponseSchema, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
