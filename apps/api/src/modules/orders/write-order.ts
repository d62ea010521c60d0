import type { ParsedOrderRequest } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordConsent } from '../privacy/consents.js';
import { insertBuyerIfAbsent } from './buyers.repository.js';
import type { Buyer } from './choose-buyer.js';
import { findUserByEmailOrMobile, type PricedProductRow } from './order-context.repository.js';
import { AWAITING_PAYMENT, recordOrderPlaced } from './orders.repository.js';
import type { OrderHold } from './stock-holds.repository.js';
import { insertOrderTakingStock, type OrderValues, type PresumedCaller } from './take-stock.repository.js';

/**
 * Writes one order in one transaction: the buyer's account when one is to be made, the order
 * taking its stock, a guest's consent and the order.placed event commit together or not at all.
 * Nobody had the contact when the product was read; a concurrent order with the same contact may
 * have made the account meanwhile, and then the order is that account's, held for its code.
 * A signed-in buyer's online order is the one statement that takes the stock (its buyer and
 * seller are told when it is paid): the busiest order path stays one write.
 */
export async function writeOrder(
  db: Database,
  buyer: Buyer,
  pricedWith: PricedProductRow,
  quantity: number,
  values: OrderValues,
  hold: OrderHold | undefined,
  consent: ParsedOrderRequest['consent'] | false,
  caller?: PresumedCaller,
) {
  const placedEvent = !AWAITING_PAYMENT.includes(values.paymentState);
  if (!buyer.account && consent === false && !placedEvent) {
    const row = await insertOrderTakingStock(db, pricedWith, quantity, values, hold, caller);
    return { row, buyer: { id: buyer.id, held: buyer.held, created: false } };
  }
  return db.transaction(async (tx) => {
    let { id, held } = buyer;
    let created = false;
    if (buyer.account) {
      const made = await insertBuyerIfAbsent(tx, { ...buyer.account, id });
      if (made) created = true;
      else {
        const found = await findUserByEmailOrMobile(tx, buyer.account.email, buyer.account.mobile);
        const existing = found.find((u) => u.email === buyer.account?.email) ?? found[0];
        if (!existing) throw new AppError('CONFLICT', 'Could not create the buyer account, please try again');
        id = existing.id;
        held = true;
      }
    }
    const row = await insertOrderTakingStock(
      tx,
      pricedWith,
      quantity,
      { ...values, buyerUserId: id, buyerConfirmed: !held },
      hold,
      caller,
    );
    // A guest buyer's consent goes with each order (decision 040); an account's went with its sign-up.
    if (consent !== false) await recordConsent(tx, id, 'order', row.id, consent);
    if (placedEvent) await recordOrderPlaced(tx, row);
    return { row, buyer: { id, held, created } };
  });
}
