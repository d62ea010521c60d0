import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  orderNumberOf,
  referralIsCurrent,
  rewardStateOf,
  type OrderReferrerView,
  type ParsedOrderRequest,
  type ReferralVia,
  type ReferredOrder,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { orders, products, rewardBalances, rewardEntries } from '../../db/schema/index.js';
import type { OrderListRow } from './order-lists.repository.js';

// Referral attribution (decision 055): which referrer an order gets, what the seller and the admin
// see of them, and the referrer's own list.

/**
 * The order's referrer. A contact number validated at checkout (`referrercontactNum`) takes
 * precedence, and one that names nobody is refused, as before: the buyer typed it and can correct
 * it. Otherwise the /refer link's `influencerDetails._id`, while the referral is current (30 days);
 * an id that names no active account is ignored, never refused. Self-referral is recorded: the
 * reward rule (`referrerReward`) gives it nothing.
 */
export function chooseReferrer(
  body: Pick<ParsedOrderRequest, 'referrercontactNum' | 'influencerDetails'>,
  found: { referrerUserId: string | null; linkReferrerUserId: string | null },
  now: number,
): { id: string; via: ReferralVia } | undefined {
  if (body.referrercontactNum) {
    if (!found.referrerUserId) {
      throw new AppError('NOT_FOUND', 'Referrer not found', { referrercontactNum: 'Referrer not found' });
    }
    return { id: found.referrerUserId, via: 'contact' };
  }
  const link = body.influencerDetails;
  if (link?._id && found.linkReferrerUserId && referralIsCurrent(link.referredAt, now)) {
    return { id: found.linkReferrerUserId, via: 'link' };
  }
  return undefined;
}

/** The referrer on the seller's and the admin's order view: a name, never a contact. */
export function referrerViewOf(row: OrderListRow): OrderReferrerView | null {
  const o = row.order;
  if (!o.referrerUserId || row.referrerName === null) return null;
  return {
    name: row.referrerName,
    via: o.referralVia ?? 'contact',
    self: o.referrerUserId === o.buyerUserId,
  };
}

/**
 * The orders `userId` referred, newest first (at most 200), with each one's reward and where it
 * stands, and the referrer's balances. Unpaid orders whose hold ran out are left out: nothing was
 * bought. No buyer, address or contact is in it.
 */
export async function referredOrders(db: Database, userId: string) {
  const booked = sql<number | null>`(select sum(${rewardEntries.amountPaise}) from ${rewardEntries}
    where ${rewardEntries.orderId} = ${orders.id} and ${inArray(rewardEntries.kind, ['EARNED', 'REVERSED'])})`;
  const rows = await db
    .select({
      id: orders.id,
      productName: products.prdctName,
      createdAt: orders.createdAt,
      amount: orders.amount,
      paymentState: orders.paymentState,
      fulfilment: orders.fulfilment,
      cancelledAt: orders.cancelledAt,
      buyerUserId: orders.buyerUserId,
      via: orders.referralVia,
      reward: orders.referrerReward,
      bookedPaise: sql<number | null>`${booked}::int`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.referrerUserId, userId),
        sql`not (${orders.paymentState} in ('CREATED', 'FAILED', 'CANCELLED') and not ${orders.stockHeld})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  // The reward_balances view (decision 033): rupees with paise as decimals; no row without entries.
  const [balance] = await db.select().from(rewardBalances).where(eq(rewardBalances.userId, userId));
  const list: ReferredOrder[] = rows.map((r) => ({
    _id: r.id,
    orderNumber: orderNumberOf(r.id),
    productName: r.productName,
    createdAt: r.createdAt.toISOString(),
    amount: r.amount,
    via: r.via ?? 'contact',
    self: r.buyerUserId === userId,
    reward: r.reward,
    rewardState: rewardStateOf({
      rewardRupees: r.reward,
      paymentState: r.paymentState,
      fulfilment: r.fulfilment,
      cancelled: r.cancelledAt !== null,
      bookedPaise: r.bookedPaise,
    }),
    booked: (r.bookedPaise ?? 0) / 100,
  }));
  return {
    orders: list,
    remaining_reward_amount: Number(balance?.remainingPaise ?? 0) / 100,
    total_rewards_rolledout: Number(balance?.totalPaise ?? 0) / 100,
  };
}
