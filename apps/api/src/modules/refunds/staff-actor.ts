import { hasTeamRight, REFUND_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { OrderRow } from '../orders/order-data.js';

/**
 * Who may refund or cancel an order as its seller or the admin: the seller of its products, and
 * the admin (decision 030: money goes back only on their word; a team member's see-orders right
 * reads orders, it does not move money).
 */
export function staffActorOf(actor: AuthUser, order: Pick<OrderRow, 'sellerUserId'>): 'seller' | 'admin' {
  if (actor.role === 'ADMIN') return 'admin';
  if (actor.role === 'SELLER' && order.sellerUserId === actor.id) return 'seller';
  if (hasTeamRight(actor, 'see-orders')) throw new AppError('FORBIDDEN', 'You are not authorized!');
  throw new AppError('FORBIDDEN', REFUND_MESSAGES.notYours);
}
