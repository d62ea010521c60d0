import { codRefusal, COD_MESSAGES, deliveryTermsOf, orderTotals } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ChosenPayment, PaymentChoice } from '../orders/orders-context.js';
import * as cod from './cash-on-delivery.repository.js';

/**
 * The order's total with its store's delivery charge, and whether it may be paid in cash at the
 * door: only a consumer order that is paid (not the admin's orders without payment), placed by a
 * signed-in buyer with a proven contact for themselves, within the store's terms.
 */
export async function choosePayment(db: Database, q: PaymentChoice): Promise<ChosenPayment> {
  const terms = deliveryTermsOf(q.terms);
  const totals = orderTotals(q.subtotal, terms, { sample: q.sample });
  if (q.method === 'ONLINE') return { method: 'ONLINE', ...totals, terms };
  if (!q.pays || q.channel !== 'b2c' || q.sample) {
    throw new AppError('BAD_REQUEST', COD_MESSAGES.onlyConsumer, {
      paymentMethod: COD_MESSAGES.onlyConsumer,
    });
  }
  const buyer = q.actor && !q.orderFor ? q.actor : null;
  const history = buyer ? await cod.codBuyer(db, buyer.id) : null;
  const refusal = codRefusal(
    terms,
    { total: totals.total, quantity: q.quantity },
    {
      signedIn: buyer !== null,
      contactProven: history?.contactProven ?? false,
      ...(history ? { firstCod: history } : {}),
    },
  );
  if (refusal) {
    const fromBuyer = refusal.message === COD_MESSAGES.signIn || refusal.message === COD_MESSAGES.unproven;
    throw new AppError(fromBuyer ? 'FORBIDDEN' : 'CONFLICT', refusal.message, {
      [refusal.field]: refusal.message,
    });
  }
  return { method: 'COD', ...totals, terms };
}
