import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicShopResponseSchema, type UpdateMyStoreRequest } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './products-api';

/**
 * POST shop/updateMyStore with the "Edit store" form (phone, hours, address, photos); the answer is
 * the store as shoppers now see it.
 */
export function useUpdateStoreProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMyStoreRequest) =>
      apiRequest('/shop/updateMyStore', { method: 'POST', body, schema: publicShopResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(consoleKeys.store(userId), answer);
      // The public store page and the locator read the store again.
      void queryClient.invalidateQueries({ queryKey: ['sellers'] });
    },
  });
}
