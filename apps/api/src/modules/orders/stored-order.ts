import { orders } from '../../db/schema/index.js';
import type { OrderRow } from './orders.repository.js';
import type { OrderHold } from './stock-holds.repository.js';
import type { OrderValues } from './take-stock.repository.js';

/**
 * What the write answers: the columns the database decides (the seller and whether stock was
 * counted, from the product; the derived `address_needed`; the time). Everything else of the row
 * is what was sent or what every new order starts with (storedOrder): answering all 48 columns
 * cost the server more in parsing than the statement cost it to send (issue 42's profile). The
 * insert gives `updated_at` the same default as `created_at`, the transaction's `now()`, so one
 * time is answered and parsed, not two.
 */
export const DECIDED_BY_THE_DATABASE = {
  sellerUserId: orders.sellerUserId,
  stockCounted: orders.stockCounted,
  addressNeeded: orders.addressNeeded,
  createdAt: orders.createdAt,
};
export type Decided = { [K in keyof typeof DECIDED_BY_THE_DATABASE]: OrderRow[K] };

/**
 * The order row as stored, as a select would read it: take-stock.test.ts compares the two. Written
 * out column by column, so a new column does not compile until it is given here.
 */
export function storedOrder(
  v: OrderValues,
  placed: { productId: string; quantity: number; hold: OrderHold | undefined },
  decided: Decided,
): OrderRow {
  const { hold } = placed;
  return {
    id: v.id,
    buyerUserId: v.buyerUserId,
    sellerUserId: decided.sellerUserId,
    productId: placed.productId,
    source: v.source,
    channel: v.channel,
    sample: v.sample,
    quantity: placed.quantity,
    unitPrice: v.unitPrice,
    amount: v.amount,
    currency: 'INR',
    address: v.address,
    addressNeeded: decided.addressNeeded,
    paymentState: v.paymentState,
    fulfilment: 'NEW',
    stockHeld: true,
    stockCounted: decided.stockCounted,
    holdExpiresAt: hold?.expiresAt ?? null,
    clientIp: hold?.placedBy.clientIp ?? null,
    clientDevice: hold?.placedBy.deviceId ?? null,
    linkRequestedAt: null,
    provider: v.provider,
    paymentSessionId: v.paymentSessionId,
    idempotencyKey: v.idempotencyKey,
    requestHash: v.requestHash,
    referrerUserId: v.referrerUserId,
    referrerContact: v.referrerContact,
    referrerReward: v.referrerReward,
    referralVia: v.referralVia,
    mentionInfId: v.mentionInfId,
    mentionPostId: v.mentionPostId,
    bookingCode: v.bookingCode,
    buyerGstin: v.buyerGstin,
    placedByUserId: v.placedByUserId,
    buyerConfirmed: v.buyerConfirmed,
    paidAt: null,
    courier: '',
    trackingNumber: '',
    paymentMethod: v.paymentMethod,
    deliveryCharge: v.deliveryCharge,
    codAcceptedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelledByUserId: null,
    cancelReason: null,
    linkVersion: 1,
    createdAt: decided.createdAt,
    updatedAt: decided.createdAt,
  } satisfies OrderRow;
}
