import { COD_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as cod from './cash-on-delivery.repository.js';
import type { CodContext } from './cod-context.js';
import { codOrderFor, codSellerView } from './cod-order.js';

/** "Paid on delivery": the dispatched order was handed over and the cash taken. */
export async function markPaidOnDelivery(ctx: CodContext, actor: AuthUser, orderId: string) {
  const order = await codOrderFor(ctx, actor, orderId);
  const paid = await cod.markCodPaidOnDelivery(ctx.db, order.id, new Date(ctx.now()));
  if (!paid) {
    const message =
      order.paymentState === 'COD_ACCEPTED' && order.fulfilment === 'NEW'
        ? COD_MESSAGES.notDispatched
        : `An order that is ${order.paymentState.toLowerCase()} and ${order.fulfilment.toLowerCase()} cannot be paid on delivery`;
    throw new AppError('CONFLICT', message);
  }
  return codSellerView(ctx, order.id);
}
