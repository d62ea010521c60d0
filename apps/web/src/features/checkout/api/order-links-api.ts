import { messageOnlySchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

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
