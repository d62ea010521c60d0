import { useQuery } from '@tanstack/react-query';
import {
  BUSINESS_PROOF_HEADER,
  businessCodeSentSchema,
  businessProofSchema,
  contactLookupResponseSchema,
  orderCreatedResponseSchema,
  orderStatusResponseSchema,
  postResponseSchema,
  productResponseSchema,
  retryPaymentResponseSchema,
  type OrderRequest,
  type OrderSource,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { getReferral } from '../../../lib/storage';

/** The order call a checkout makes (orderSourceFor). */
export type OrderEndpoint = OrderSource;

export const checkoutKeys = {
  product: (id: string) => ['checkout', 'product', id] as const,
  post: (infId: string, postId: string) => ['checkout', 'post', infId, postId] as const,
  status: (orderId: string) => ['checkout', 'status', orderId] as const,
};

export function useProduct(productId: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.product(productId ?? ''),
    enabled: !!productId,
    queryFn: ({ signal }) =>
      apiRequest(`/products/getProductOnId/${encodeURIComponent(productId ?? '')}`, {
        schema: productResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
}

/** The review post a purchase came from (/buyfrombrandreview/…). */
export function useReviewPost(mentionInfId: string | undefined, mentionPostId: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.post(mentionInfId ?? '', mentionPostId ?? ''),
    enabled: !!mentionInfId && !!mentionPostId,
    queryFn: ({ signal }) =>
      apiRequest(
        `/inflncr/getSpecificPost/${encodeURIComponent(mentionInfId ?? '')}/${encodeURIComponent(mentionPostId ?? '')}`,
        { schema: postResponseSchema, signal },
      ).then((r) => r.Data),
  });
}

/**
 * The referral from /refer goes with every paying order placed within its 30 days, as the spec's
 * `influencerDetails` (decision 055); the admin's orders without payment carry none.
 */
export function withReferral(endpoint: OrderEndpoint, body: OrderRequest, now = Date.now()): OrderRequest {
  const referral = endpoint.endsWith('WithoutPay') ? null : getReferral(now);
  return referral ? { ...body, influencerDetails: { _id: referral.rid, referredAt: referral.at } } : body;
}

/** One click, one key: a repeated submit of the same form sends the same key and gets the same order. */
export function placeOrder(
  endpoint: OrderEndpoint,
  body: OrderRequest,
  idempotencyKey: string,
  /** A business buyer's proven number, when not signed in (decision 056). */
  businessProof?: string | null,
) {
  return apiRequest(`/${endpoint}`, {
    method: 'POST',
    body: withReferral(endpoint, body),
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(businessProof ? { [BUSINESS_PROOF_HEADER]: businessProof } : {}),
    },
    schema: orderCreatedResponseSchema,
  });
}

/** Spec: a lookup answering 404 means not found (unvalidated). */
export function lookupContact(kind: 'buyer' | 'referrer', mobile: string) {
  const path = kind === 'buyer' ? 'getBuyerByMobile' : 'getReferrerByMobile';
  return apiRequest(`/users/${path}/${encodeURIComponent(mobile)}`, { schema: contactLookupResponseSchema });
}

/** The real payment state, asked of the server (which asks the provider), never taken from the URL. */
export function useOrderStatus(orderId: string | null) {
  return useQuery({
    queryKey: checkoutKeys.status(orderId ?? ''),
    enabled: !!orderId,
    queryFn: ({ signal }) =>
      apiRequest(`/orders/status/${encodeURIComponent(orderId ?? '')}`, {
        schema: orderStatusResponseSchema,
        signal,
      }).then((r) => r.data),
    // An unpaid order, or one whose refund is with the provider (decision 030), is asked again every
    // 2 s for a minute; the server checks with the provider.
    refetchInterval: (query) =>
      ['CREATED', 'REFUND_PENDING'].includes(query.state.data?.paymentState ?? '') &&
      query.state.dataUpdateCount < 30
        ? 2000
        : false,
  });
}

export function retryPayment(orderId: string) {
  return apiRequest(`/orders/retryPayment/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: {},
    schema: retryPaymentResponseSchema,
  });
}

/** Business checkout without a session: the code goes to the seller account's own contact. */
export function sendBusinessCode(mobile: string) {
  return apiRequest('/users/businessBuyer/sendCode', {
    method: 'POST',
    body: { mobile },
    schema: businessCodeSentSchema,
  });
}

/** The proof that places business orders as that seller for a while (decision 056). */
export function verifyBusinessCode(mobile: string, code: string) {
  return apiRequest('/users/businessBuyer/verifyCode', {
    method: 'POST',
    body: { mobile, code },
    schema: businessProofSchema,
  });
}
