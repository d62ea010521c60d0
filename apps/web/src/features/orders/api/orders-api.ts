import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  envelope,
  orderListResponseSchema,
  sellerOrderListResponseSchema,
  sellerOrderViewSchema,
  type AdminOrdersQuery,
  type FulfilmentRequest,
  type SellerOrdersQuery,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const orderKeys = {
  mine: ['orders', 'mine'] as const,
  seller: (filter: SellerOrdersQuery) => ['orders', 'seller', filter] as const,
  admin: (filter: AdminOrdersQuery) => ['orders', 'admin', filter] as const,
};

/** `?key=value&…` of a list filter's set values; '' when none is set. */
function queryOf(filter: Record<string, string | undefined>) {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
  return query ? `?${query}` : '';
}

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

export function useSellerOrders(filter: SellerOrdersQuery = {}) {
  return useQuery({
    queryKey: orderKeys.seller(filter),
    queryFn: ({ signal }) =>
      apiRequest(`/orders/sellerOrders${queryOf(filter)}`, {
        schema: sellerOrderListResponseSchema,
        signal,
      }).then((r) => r.data),
    // After queryFn: TypeScript infers the data type from it first.
    refetchInterval: (query) => whileRefundPending(query.state.data),
  });
}

export function useAdminOrders(filter: AdminOrdersQuery) {
  return useQuery({
    queryKey: orderKeys.admin(filter),
    queryFn: ({ signal }) =>
      apiRequest(`/orders/allOrders${queryOf(filter)}`, {
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
