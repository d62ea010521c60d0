import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key in the link of the message that asks a buyer for their review (issue 41): it proves the
 * holder got the message sent to the order's buyer, so the review it writes is the buyer's. It
 * opens nothing but that one review form, and the order makes one review at most.
 */
export function signReviewKey(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`review:${orderId}`).digest('base64url');
}

export function isReviewKey(secret: string, orderId: string, key: string): boolean {
  const expected = Buffer.from(signReviewKey(secret, orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
