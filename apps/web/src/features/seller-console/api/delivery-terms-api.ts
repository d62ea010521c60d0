import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryTermsResponseSchema, type DeliveryTermsUpdate } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const key = ['seller-console', 'delivery-terms'] as const;

/** The seller's delivery charge and cash-on-delivery terms (decision 032). */
export function useDeliveryTerms() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest('/shop/deliveryTerms', { schema: deliveryTermsResponseSchema, signal }).then((r) => r.data),
  });
}

export function useSaveDeliveryTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryTermsUpdate) =>
      apiRequest('/shop/deliveryTerms', { method: 'POST', body, schema: deliveryTermsResponseSchema }),
    onSuccess: (answer) => client.setQueryData(key, answer.data),
  });
}
