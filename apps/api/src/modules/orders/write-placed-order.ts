import { referrerReward, type OrderPrice, type ParsedOrderRequest, type ReferralVia } from '@app/domain';
import { newId } from '../../lib/ids.js';
import { countOrderPlaced } from '../../lib/metrics.js';
import { openClaim } from '../contributions/contributions.service.js';
import { findUserContact } from './buyers.repository.js';
import type { Buyer } from './choose-buyer.js';
import { resolveDeliveryAddress } from './delivery-address.js';
import type { SourceTerms } from './hold-limits.js';
import type { OrderContextRow } from './order-context.repository.js';
import { toView } from './order-views.js';
import type { ChosenPayment, OrdersContext } from './orders-context.js';
import type { PlaceOrder, PlacedOrder } from './place-order.js';
import type { OrderHold, Placer } from './stock-holds.repository.js';
import { takeOrderStock } from './take-order-stock.js';
import type { OrderValues, PresumedCaller } from './take-stock.repository.js';

/** An order that passed every check that can refuse it (placeOrder), ready to be written. */
export interface CheckedOrder {
  input: PlaceOrder;
  terms: SourceTerms;
  /** The product, with everything read with it (findOrderContext). */
  product: OrderContextRow;
  price: OrderPrice;
  payment: ChosenPayment;
  buyer: Buyer;
  referrer: { id: string; via: ReferralVia } | undefined;
  hold: OrderHold | undefined;
  placedBy: Placer;
  requestHash: string;
  /** Placed without a session nor an account named by the admin: known by its contact. */
  anonymous: boolean;
  /** Placed with a product's remembered terms, without reading (known-terms.ts). */
  remembered: boolean;
  /** Placed for a session read earlier, which its write checks (plugins/auth.ts `presumed`). */
  presumedCaller?: PresumedCaller | undefined;
}

/**
 * Writes a checked order. The provider's order is made first, with our id and the amount just
 * computed, so the order row is written once, session included, in the transaction that takes the
 * stock. If the stock is gone meanwhile, that provider order is never paid and expires.
 */
export async function writePlacedOrder(ctx: OrdersContext, order: CheckedOrder): Promise<PlacedOrder> {
  const { input, product, payment, buyer, hold } = order;
  const { actor, body } = input;
  const orderId = newId();
  // The spec's "NA" from an existing client becomes a saved address, or "address needed".
  const address = await resolveDeliveryAddress(ctx.db, {
    actor,
    buyerId: buyer.id,
    productOwnerId: product.userId,
    address: body.address,
  });
  const paymentSessionId =
    hold && payment.method === 'ONLINE'
      ? await ctx.payments.openSession(
          {
            id: orderId,
            amount: payment.total,
            buyerUserId: buyer.id,
            address,
            channel: order.terms.channel,
            productId: body.productId,
            mentionInfId: body.mentionInfId ?? null,
            mentionPostId: body.mentionPostId ?? null,
          },
          input.origin,
          hold.expiresAt,
        )
      : undefined;
  const values = orderValuesFor(ctx, order, { id: orderId, address, paymentSessionId });
  const written = await takeOrderStock(ctx, order, values);
  if ('replayed' in written) return written.replayed;

  const { row, buyer: placedFor } = written;
  countOrderPlaced(order.terms.channel, payment.method);
  const passwordSentTo = placedFor.created ? await sendBuyerPassword(ctx, body, placedFor.id) : null;
  const confirmation = placedFor.held
    ? await claimOrder(ctx, placedFor.id, row.id, input.clientIp)
    : undefined;
  return {
    created: true,
    confirmation,
    // The product was read above; its name and picture do not need another query.
    order: toView({ order: row, buyerName: '', ...product }),
    accountCreated: placedFor.created,
    passwordSentTo,
    linkVersion: row.linkVersion,
    ...(paymentSessionId ? { paymentSessionId } : {}),
  };
}

/** The row of a checked order, but for its product, quantity and seller (take-stock.repository.ts). */
function orderValuesFor(
  ctx: OrdersContext,
  order: CheckedOrder,
  written: Pick<OrderValues, 'id' | 'address'> & { paymentSessionId: string | undefined },
): OrderValues {
  const { input, terms, price, payment, buyer, referrer } = order;
  const { body } = input;
  const { paymentSessionId } = written;
  return {
    id: written.id,
    provider: paymentSessionId ? ctx.payments.provider : null,
    paymentSessionId: paymentSessionId ?? null,
    buyerUserId: buyer.id,
    source: input.source,
    channel: terms.channel,
    sample: body.sample ?? false,
    unitPrice: price.unitPrice,
    amount: payment.total,
    address: written.address,
    paymentState: !terms.pay ? 'NOT_REQUIRED' : payment.method === 'COD' ? 'COD_PENDING' : 'CREATED',
    paymentMethod: payment.method,
    deliveryCharge: payment.deliveryCharge,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: order.requestHash,
    referrerUserId: referrer?.id ?? null,
    referrerContact: referrer?.via === 'contact' ? (body.referrercontactNum ?? null) : null,
    referralVia: referrer?.via ?? null,
    referrerReward: referrer ? referrerReward(price.amount, referrer.id === buyer.id) : 0,
    mentionInfId: body.mentionInfId ?? null,
    mentionPostId: body.mentionPostId ?? null,
    bookingCode: body.bookingCode ?? null,
    // A GSTIN makes the tax invoice B2B: only a business order carries one.
    buyerGstin: terms.channel === 'b2b' ? (body.gstin ?? null) : null,
    placedByUserId: input.actor?.id ?? null,
    buyerConfirmed: !buyer.held,
  };
}

/** The one-time password of the account made for the buyer, to their contact; null without a way to send it. */
async function sendBuyerPassword(ctx: OrdersContext, body: ParsedOrderRequest, userId: string) {
  if (!ctx.deliverPassword) return null;
  const a = body.address;
  return ctx.deliverPassword({
    userId,
    email: a.email.toLowerCase(),
    mobile: a.mobile,
    name: `${a.firstName} ${a.lastName}`,
  });
}

/** Files an order made with an existing account's contact for that account's confirmation. */
async function claimOrder(ctx: OrdersContext, userId: string, orderId: string, ip: string | undefined) {
  const holder = await findUserContact(ctx.db, userId);
  if (!holder || !ctx.claims) return undefined;
  return openClaim(ctx.claims, { holder, kind: 'order', subjectId: orderId, ip });
}
