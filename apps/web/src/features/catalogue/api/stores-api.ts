import { useQuery } from '@tanstack/react-query';
import { shopListResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export function useStoreList() {
  return useQuery({
    queryKey: ['catalogue', 'stores'],
    queryFn: ({ signal }) =>
      apiRequest('/shop/getAllShopsDetailsWithoutUserInfo', { schema: shopListResponseSchema, signal }),
    select: (r) => r.Data,
  });
}
