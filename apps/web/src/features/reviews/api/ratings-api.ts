import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderReviewResponseSchema,
  orderToReviewResponseSchema,
  pageCallPaths,
  ratingSummaryResponseSchema,
  type OrderReviewInput,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** A product's ratings (issue 41): average, histogram and how many are verified purchases. */
export function useProductRatings(productId: string) {
  return useQuery({
    queryKey: ['ratings', 'product', productId],
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.productRatings(productId), {
        schema: ratingSummaryResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
}

/** The same over the products of a store or brand. */
export function useStoreRatings(userId: string) {
  return useQuery({
    queryKey: ['ratings', 'store', userId],
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.storeRatings(userId), { schema: ratingSummaryResponseSchema, signal }).then(
        (r) => r.Data,
      ),
  });
}

const orderReviewPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/review`;

/** The order a review link is for; `key` is the link's, '' for the buyer signed in. */
export function useOrderToReview(orderId: string, key: string) {
  return useQuery({
    queryKey: ['order-review', orderId, key],
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest(`${orderReviewPath(orderId)}${key ? `?key=${encodeURIComponent(key)}` : ''}`, {
        schema: orderToReviewResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
}

export function useReviewOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderReviewInput) =>
      apiRequest(orderReviewPath(orderId), { method: 'POST', body, schema: orderReviewResponseSchema }).then(
        (r) => r.Data,
      ),
    // The review is in the lists, the product's ratings and the form's answer now.
    onSuccess: () =>
      Promise.all(
        ['recent-reviews', 'ratings', 'order-review', 'catalogue'].map((key) =>
          client.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
