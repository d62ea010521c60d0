import {
  addressHoldLimits,
  codAcceptBy,
  COD_MESSAGES,
  ORDER_MESSAGES,
  PAYMENT_WINDOW_MINUTES,
  type ORDER_SOURCE_TERMS,
  type OrderSource,
} from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { ChosenPayment, OrdersContext } from './orders-context.js';
import type { OrderContextRow } from './order-context.repository.js';
import type { OrderHold, Placer } from './stock-holds.repository.js';

/**
 * Refuses an order beyond what its placer (device and signed-in account at a person's caps, address
 * at a crowd's) may hold unpaid: 429 at the number of orders, which frees up as they are paid or
 * end; 409 on the quantity of one product.
 */
export function refuseBeyondHoldLimits(
  hold: OrderHold,
  held: {
    orders: number | null;
    units: number | null;
    addressOrders?: number | null;
    addressUnits?: number | null;
    codWaitingUnits?: number | null;
  },
  quantity: number,
) {
  // The seller's limit on cash-on-delivery units waiting for them (issue 40), whoever placed them.
  if (
    hold.codMaxWaitingUnits !== undefined &&
    (held.codWaitingUnits ?? 0) + quantity > hold.codMaxWaitingUnits
  ) {
    throw new AppError('CONFLICT', COD_MESSAGES.waitingUnits, { paymentMethod: COD_MESSAGES.waitingUnits });
  }
  const { placedBy, limits, addressLimits } = hold;
  if (!placedBy.clientIp && !placedBy.deviceId && !placedBy.userId) return;
  if ((held.orders ?? 0) >= limits.orders || (held.addressOrders ?? 0) >= addressLimits.orders) {
    // Every unpaid order's hold ends within the payment window, freeing its place.
    throw new AppError('RATE_LIMITED', ORDER_MESSAGES.tooManyUnpaid, undefined, PAYMENT_WINDOW_MINUTES * 60);
  }
  if (!hold.capUnits) return;
  const over = (count: number | null | undefined, cap: number) => (count ?? 0) + quantity > cap;
  const cap = over(held.units, limits.unitsPerProduct)
    ? limits.unitsPerProduct
    : over(held.addressUnits, addressLimits.unitsPerProduct)
      ? addressLimits.unitsPerProduct
      : null;
  if (cap !== null) {
    const message = ORDER_MESSAGES.tooManyUnitsUnpaid(cap);
    throw new AppError('CONFLICT', message, { quantity: message });
  }
}

/** What one of the five order calls places (ORDER_SOURCE_TERMS). */
export type SourceTerms = (typeof ORDER_SOURCE_TERMS)[OrderSource];

/**
 * What a paying order holds: until when, and within which caps of its placer; nothing for an order
 * that needs no payment.
 */
export function holdFor(
  ctx: Pick<OrdersContext, 'now' | 'holdLimits'>,
  terms: SourceTerms,
  payment: ChosenPayment,
  placedBy: Placer,
): OrderHold | undefined {
  if (!terms.pay) return undefined;
  return {
    // A cash-on-delivery order holds its stock until its seller accepts it.
    expiresAt:
      payment.method === 'COD'
        ? codAcceptBy(new Date(ctx.now()), payment.terms.codAcceptHours)
        : new Date(ctx.now() + PAYMENT_WINDOW_MINUTES * 60_000),
    placedBy,
    limits: ctx.holdLimits,
    addressLimits: addressHoldLimits(ctx.holdLimits),
    capUnits: terms.channel === 'b2c',
    codMaxWaitingUnits: payment.method === 'COD' ? payment.terms.codMaxWaitingUnits : undefined,
  };
}

/** What the placer and the product hold unpaid already, as read with the product. */
export function heldOf(
  product: Pick<
    OrderContextRow,
    'heldOrders' | 'heldUnits' | 'heldAddressOrders' | 'heldAddressUnits' | 'codWaitingUnits'
  >,
) {
  return {
    orders: product.heldOrders,
    units: product.heldUnits,
    addressOrders: product.heldAddressOrders,
    addressUnits: product.heldAddressUnits,
    codWaitingUnits: product.codWaitingUnits,
  };
}
