import { codWindowHours, COD_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as cod from './cash-on-delivery.repository.js';
import type { CodContext } from './cod-context.js';
import { codOrderFor, codSellerView } from './cod-order.js';

/** The seller takes a cash-on-delivery order on within their acceptance window (24 hours unless they set another). */
export async function acceptCashOnDelivery(ctx: CodContext, actor: AuthUser, orderId: string) {
  const order = await codOrderFor(ctx, actor, orderId);
  const accepted = await cod.acceptCodOrder(ctx.db, order.id, new Date(ctx.now()));
  if (!accepted) {
    const late = order.paymentState === 'COD_PENDING' && (order.holdExpiresAt?.getTime() ?? 0) <= ctx.now();
    const window = order.holdExpiresAt ? codWindowHours(order.createdAt, order.holdExpiresAt) : 0;
    throw new AppError('CONFLICT', late ? COD_MESSAGES.acceptExpired(window) : COD_MESSAGES.notWaiting);
  }
  return codSellerView(ctx, order.id);
}
