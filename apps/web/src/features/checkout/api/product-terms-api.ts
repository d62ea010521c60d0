import { useQuery } from '@tanstack/react-query';
import { productTermsResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** The delivery charge and cash-on-delivery terms of a product's store (decision 032). */
export function useProductTerms(productId: string | undefined) {
  return useQuery({
    queryKey: ['checkout', 'terms', productId ?? ''] as const,
    enabled: !!productId,
    queryFn: ({ signal }) =>
      apiRequest(`/orders/terms/${encodeURIComponent(productId ?? '')}`, {
        schema: productTermsResponseSchema,
        signal,
      }).then((r) => r.data),
  });
}
