import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageOnlySchema,
  savedAddressListResponseSchema,
  savedAddressResponseSchema,
  type DeliveryAddress,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** The same key as checkout's list, so a change here shows there at once. */
export const addressKeys = { mine: ['addresses', 'mine'] as const };

export function useMyAddresses() {
  return useQuery({
    queryKey: addressKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest('/users/me/addresses', { schema: savedAddressListResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

const path = (id: string) => `/users/me/addresses/${encodeURIComponent(id)}`;

/** Add (no id) or change an address; the list is read again either way. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address, isDefault }: { id?: string; address: DeliveryAddress; isDefault: boolean }) =>
      apiRequest(id ? path(id) : '/users/me/addresses', {
        method: id ? 'PUT' : 'POST',
        body: { ...address, isDefault },
        schema: savedAddressResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(path(id), { method: 'DELETE', schema: messageOnlySchema }),
    onSettled: () => client.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}

export function useMakeDefaultAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${path(id)}/default`, { method: 'POST', body: {}, schema: savedAddressListResponseSchema }),
    onSuccess: (answer) => client.setQueryData(addressKeys.mine, answer.data),
    onSettled: () => client.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}
