import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicShopResponseSchema, type StoreContactUpdate } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './products-api';

/** POST shop/updateMyStore with the store's phone and opening hours; the store is re-read after. */
export function useUpdateStoreContact(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreContactUpdate) =>
      apiRequest('/shop/updateMyStore', { method: 'POST', body, schema: publicShopResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(consoleKeys.store(userId), answer);
    },
  });
}
