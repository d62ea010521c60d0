import { useEffect, useEffectEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isIndianPincode, PINCODE_NOT_FOUND, pincodeResponseSchema, type PincodePlace } from '@app/domain';
import { apiRequest, isApiError } from './api-client';

/**
 * Location without permission: a valid pincode names its state and city (India Post, via
 * `GET /api/pincode/:pincode`). `fill` runs once per newly typed pincode, so a state or city the user
 * changes afterwards stays as they left it. Returns the polite status line for the pincode field:
 * '' until there is something to say (see FieldFrame's `status`).
 */
export function usePincodeAutofill(
  pincode: string,
  fill: (place: PincodePlace) => void,
  {
    enabled = true,
    districtAsCity = false,
  }: {
    /** False while the value is not the user's own (a pre-filled placeholder). */
    enabled?: boolean;
    /** A free-text city field takes the district when it is not one of our cities. */
    districtAsCity?: boolean;
  } = {},
) {
  const value = pincode.trim();
  const lookUp = enabled && isIndianPincode(value);
  const place = useQuery({
    queryKey: ['lookups', 'pincode', value],
    enabled: lookUp,
    // Post offices do not move within a visit.
    staleTime: Infinity,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
    queryFn: ({ signal }) => apiRequest(`/pincode/${value}`, { schema: pincodeResponseSchema, signal }),
    select: (response) => response.data,
  });

  const onPlace = useEffectEvent(fill);
  const found = lookUp ? place.data : undefined;
  useEffect(() => {
    if (found) onPlace(found);
  }, [found]);

  if (!lookUp) return '';
  if (found) {
    const city = found.city ?? (districtAsCity ? found.district : null);
    const where = [city, found.state].filter(Boolean).join(', ');
    return city
      ? `${where}: filled in from the pincode. You can change them.`
      : `${where}: filled in from the pincode. Choose the city.`;
  }
  if (place.isError) {
    return isApiError(place.error) && place.error.status === 404
      ? PINCODE_NOT_FOUND
      : 'Could not look up this pincode; choose the state and city yourself';
  }
  return '';
}
