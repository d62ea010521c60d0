import {
  envelope,
  messageOnlySchema,
  refundCreatedSchema,
  type BuyerCancelRequest,
  type RefundRequest,
  type StaffCancelRequest,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

// Cancellations and refunds (decision 030): the seller's and admin's order pages call these, and
// the buyer cancels from My orders or (through features/orders/index.ts) the order page.

/** The buyer cancels before dispatch; a guest is known by the order id of their order page. */
export function cancelOrderAsBuyer(orderId: string, body: BuyerCancelRequest) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body,
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
