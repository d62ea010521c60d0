import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refundPayoutListResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const key = (orderId: string) => ['orders', 'refund-payouts', orderId] as const;

/** A cash-on-delivery order's refunds the seller pays out, with the buyer's account in full. */
export function useOrderRefundPayouts(orderId: string) {
  return useQuery({
    queryKey: key(orderId),
    queryFn: ({ signal }) =>
      apiRequest(`/orders/${encodeURIComponent(orderId)}/refundPayouts`, {
        schema: refundPayoutListResponseSchema,
        signal,
      }).then((r) => r.data),
  });
}

export function useRecordPayout(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { refundId: string; reference: string }) =>
      apiRequest(
        `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(input.refundId)}/payout`,
        {
          method: 'POST',
          body: { reference: input.reference },
          schema: refundPayoutListResponseSchema,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
