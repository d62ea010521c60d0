import {
  envelope,
  messageOnlySchema,
  refundCreatedSchema,
  type BuyerCancelRequest,
  type RefundRequest,
  type StaffCancelRequest,
} from '@app/domain';
import { apiRequest } from './api-client';

// Cancellations and refunds (decision 030): the buyer's order page, My orders and the seller's and
// admin's order pages all call these.

/** The buyer cancels before dispatch; a guest is known by the order id of their order page. */
export function cancelOrderAsBuyer(orderId: string, body: BuyerCancelRequest) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body,
    schema: messageOnlySchema,
  });
}

/** Ends every link and device cookie of the order made so far; this device gets a new one (issue 40). */
export function stopOrderLinks(orderId: string) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/revokeLinks`, {
    method: 'POST',
    schema: messageOnlySchema,
  });
}

/** Sends the order's link again to the contact given at checkout, whoever asks (issue 40). */
export function sendOrderLinkAgain(orderId: string) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/sendLink`, {
    method: 'POST',
    schema: messageOnlySchema,
  });
}

/** The seller (their own orders) or the admin cancels, with a reason the buyer is told. */
export function cancelOrderAsStaff(orderId: string, body: StaffCancelRequest) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/staffCancel`, {
    method: 'POST',
    body,
    schema: messageOnlySchema,
  });
}

export function refundOrder(orderId: string, body: RefundRequest) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/refunds`, {
    method: 'POST',
    body,
    schema: envelope(refundCreatedSchema),
  });
}
