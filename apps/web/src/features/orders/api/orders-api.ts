import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  envelope,
  orderListResponseSchema,
  sellerOrderListResponseSchema,
  sellerOrderViewSchema,
  type AdminOrdersQuery,
  type FulfilmentRequest,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const orderKeys = {
  mine: ['orders', 'mine'] as const,
  seller: ['orders', 'seller'] as const,
  admin: (filter: AdminOrdersQuery) => ['orders', 'admin', filter] as const,
};

/** While a refund is with the provider, the list asks again until it settles (decision 030). */
const whileRefundPending = (data: readonly { paymentState: string }[] | undefined) =>
  data?.some((o) => o.paymentState === 'REFUND_PENDING') ? 2000 : false;

export function useMyOrders() {
  return useQuery({
    queryKey: orderKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest('/orders/myOrders', { schema: orderListResponseSchema, signal }).then((r) => r.data),
    // After queryFn: TypeScript infers the data type from it first.
    refetchInterval: (query) => whileRefundPending(query.state.data),
  });
}

export function useSellerOrders() {
  return useQuery({
    queryKey: orderKeys.seller,
    queryFn: ({ signal }) =>
      apiRequest('/orders/sellerOrders', { schema: sellerOrderListResponseSchema, signal }).then(
        (r) => r.data,
      ),
    // After queryFn: TypeScript infers the data type from it first.
    refetchInterval: (query) => whileRefundPending(query.state.data),
  });
}

export function useAdminOrders(filter: AdminOrdersQuery) {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
  return useQuery({
    queryKey: orderKeys.admin(filter),
    queryFn: ({ signal }) =>
      apiRequest(`/orders/allOrders${query ? `?${query}` : ''}`, {
        schema: sellerOrderListResponseSchema,
        signal,
      }).then((r) => r.data),
    // After queryFn: TypeScript infers the data type from it first.
    refetchInterval: (query) => whileRefundPending(query.state.data),
  });
}

export function useMoveFulfilment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FulfilmentRequest) =>
      apiRequest('/orders/updateFulfilment', {
        method: 'POST',
        body: input,
        schema: envelope(sellerOrderViewSchema),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
