import { canSupply, deliveryTermsOf, ORDER_MESSAGES, orderTotals, priceOrder } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { refuseBeyondHoldLimits } from './hold-limits.js';
import {
  findOrderByIdempotencyKey,
  findPricedProduct,
  type PricedProductRow,
} from './order-context.repository.js';
import type { OrdersContext } from './orders-context.js';
import type { PlacedOrder } from './place-order.js';
import { replayOrder } from './replay-order.js';
import { findHeld } from './stock-holds.repository.js';
import { DuplicateIdempotencyKey, StockRefused, type OrderValues } from './take-stock.repository.js';
import type { CheckedOrder } from './write-placed-order.js';
import { writeOrder } from './write-order.js';

type Written = Awaited<ReturnType<typeof writeOrder>>;

/**
 * An order placed with remembered terms (known-terms.ts) was refused by its write or its checks:
 * the product may have changed since, so it is placed again the reading way, and any refusal then
 * is told from what the database holds now.
 */
export class TermsMayBeStale extends Error {}

/**
 * Writes a checked order, taking its stock (writeOrder). The stock is taken only from a product
 * still priced as read; when it was refused, read again to tell "sold out" from "the price
 * changed", and retry once the price is the same. A concurrent request with the same
 * Idempotency-Key that got there first is answered with its order (`replayed`).
 */
export async function takeOrderStock(
  ctx: OrdersContext,
  order: CheckedOrder,
  values: OrderValues,
): Promise<Written | { replayed: PlacedOrder }> {
  const { input, terms, product, price, buyer, hold, placedBy } = order;
  const { body } = input;
  let written: Written | undefined;
  for (let pricedWith: PricedProductRow = product, attempt = 0; !written; attempt++) {
    try {
      written = await writeOrder(
        ctx.db,
        buyer,
        pricedWith,
        price.quantity,
        values,
        hold,
        // A business buyer is a seller: their account's consent stands.
        order.anonymous && terms.channel === 'b2c' ? body.consent : false,
        order.presumedCaller,
      );
    } catch (error) {
      if (error instanceof DuplicateIdempotencyKey && input.idempotencyKey) {
        const earlier = await findOrderByIdempotencyKey(ctx.db, input.idempotencyKey);
        if (earlier) return { replayed: await replayOrder(ctx, earlier, order.requestHash, input.origin) };
      }
      if (!(error instanceof StockRefused)) throw error;
      if (order.remembered) throw new TermsMayBeStale();
      // Refused by a cap (a concurrent order of the same placer got there first) or by the stock.
      if (hold) {
        refuseBeyondHoldLimits(hold, await findHeld(ctx.db, placedBy, body.productId), price.quantity);
      }
      const current = await findPricedProduct(ctx.db, body.productId);
      if (!current?.isActive || !canSupply(current, price.quantity) || attempt >= 2) {
        throw new AppError('CONFLICT', ORDER_MESSAGES.outOfStock, {
          quantity: ORDER_MESSAGES.outOfStock,
        });
      }
      if (!pricedAlike(order, current)) {
        throw new AppError('CONFLICT', 'The price changed just now; please review it and order again');
      }
      pricedWith = current;
    }
  }
  return written;
}

/**
 * Whether the product read again comes to the same order: the same units and subtotal, and the same
 * total with its store's delivery charge now.
 */
function pricedAlike(order: CheckedOrder, current: PricedProductRow): boolean {
  const { input, terms, price, payment } = order;
  const { body } = input;
  const again = priceOrder(current, body.quantity, { channel: terms.channel, sample: body.sample });
  if ('field' in again || again.amount !== price.amount || again.quantity !== price.quantity) return false;
  const delivery = deliveryTermsOf({
    ...payment.terms,
    deliveryCharge: current.deliveryCharge,
    freeDeliveryFrom: current.freeDeliveryFrom,
  });
  return orderTotals(again.amount, delivery, { sample: body.sample }).total === payment.total;
}
