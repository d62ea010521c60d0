import { useQuery } from '@tanstack/react-query';
import {
  orderStatusResponseSchema,
  publicShopResponseSchema,
  savedAddressListResponseSchema,
  savedAddressResponseSchema,
  type DeliveryAddress,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** The account page's key too (account/api/addresses-api.ts): one cache for both. */
const MINE = ['addresses', 'mine'] as const;

/** The signed-in buyer's saved addresses, the default first (decision 051). */
export function useSavedAddresses(enabled: boolean) {
  return useQuery({
    queryKey: MINE,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('/users/me/addresses', { schema: savedAddressListResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

/** A seller's own store, whose address a business checkout offers. */
export function useOwnStore(userId: string | undefined) {
  return useQuery({
    queryKey: ['checkout', 'own-store', userId ?? ''],
    enabled: !!userId,
    // A seller without a store (or an address) is offered none; no retries for a 404.
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest(
        `/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${encodeURIComponent(userId ?? '')}`,
        {
          schema: publicShopResponseSchema,
          signal,
        },
      ).then((r) => r.Data),
  });
}

/** "Save this address to my account": the first saved becomes the default. */
export function saveAddress(address: DeliveryAddress) {
  return apiRequest('/users/me/addresses', {
    method: 'POST',
    body: address,
    schema: savedAddressResponseSchema,
  });
}

/** An order placed "address needed" gets its address through its own link (the order id). */
export function giveDeliveryAddress(orderId: string, address: DeliveryAddress) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/deliveryAddress`, {
    method: 'POST',
    body: address,
    schema: orderStatusResponseSchema,
  });
}
