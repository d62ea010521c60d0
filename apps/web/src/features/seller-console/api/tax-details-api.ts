import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerTaxDetailsResponseSchema, type SellerTaxDetails } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const taxDetailsKey = ['seller-console', 'tax-details'] as const;

/** The seller's legal name, address, state and GSTIN as their tax documents print them. */
export function useTaxDetails() {
  return useQuery({
    queryKey: taxDetailsKey,
    queryFn: ({ signal }) =>
      apiRequest('/taxDetails', { schema: sellerTaxDetailsResponseSchema, signal }).then((r) => r.data),
  });
}

export function useSaveTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerTaxDetails) =>
      apiRequest('/taxDetails', { method: 'PUT', body, schema: sellerTaxDetailsResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(taxDetailsKey, answer.data),
  });
}
