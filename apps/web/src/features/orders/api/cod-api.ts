import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelope, sellerOrderViewSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** The seller's cash-on-delivery steps: accept the order, or mark it paid on delivery (decision 032). */
export function useCodStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: string; step: 'accept' | 'paidOnDelivery' }) =>
      apiRequest(`/orders/cod/${input.step}`, {
        method: 'POST',
        body: { orderId: input.orderId },
        schema: envelope(sellerOrderViewSchema),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
