import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refundPayoutListResponseSchema, type PayoutDetails } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const key = (orderId: string) => ['checkout', 'refund-payouts', orderId] as const;

/** A cash-on-delivery order's refunds paid by the seller, and where each goes (decision 032). */
export function useRefundPayouts(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: key(orderId),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/orders/${encodeURIComponent(orderId)}/refundPayouts`, {
        schema: refundPayoutListResponseSchema,
        signal,
      }).then((r) => r.data),
  });
}

export function useGivePayoutDetails(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { refundId: string; details: PayoutDetails }) =>
      apiRequest(
        `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(input.refundId)}/payoutDetails`,
        { method: 'POST', body: input.details, schema: refundPayoutListResponseSchema },
      ),
    onSuccess: (answer) => client.setQueryData(key(orderId), answer.data),
  });
}
