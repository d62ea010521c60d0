import { refundShare, rewardAtDelivery, saleCharges } from '@app/domain';
import type { Database } from '../../db/client.js';
import {
  reactInTransaction,
  type OrderEventPayload,
  type RefundEventPayload,
  type TransactionalReaction,
} from '../../lib/domain-events.js';
import * as repo from './ledger.repository.js';

/**
 * The counter account of each posting (decision 033): what the seller's row is booked against, so
 * every row is one half of a double entry whose other half is named.
 */
const COUNTER = {
  buyerPayments: 'buyer-payments',
  buyerRefunds: 'buyer-refunds',
  sellerCash: 'seller-cash',
  commission: 'platform-commission',
  tcs: 'gst-tcs-payable',
  tds: 'income-tax-tds-payable',
} as const;

/**
 * A paid order (online, or cash on delivery collected by the seller): the sale and what the
 * platform keeps of it, at the rates of the moment. Online, the platform holds the buyer's money
 * and owes the seller the sale less the charges. Cash on delivery, the seller holds the cash: the
 * sale is matched by the cash they collected, so the charges are what the seller owes the platform.
 */
export async function bookSale(tx: Database, order: OrderEventPayload): Promise<void> {
  if (order.paymentMethod === 'NONE' || order.amountPaise <= 0) return;
  const charges = saleCharges(order.amountPaise, await repo.readRates(tx), order.gstRate);
  const row = (
    kind: repo.NewSettlementEntry['kind'],
    amountPaise: number,
    counterAccount: string,
    key: string,
  ): repo.NewSettlementEntry => ({
    sellerUserId: order.sellerUserId,
    orderId: order.orderId,
    kind,
    amountPaise,
    counterAccount,
    sourceKey: `${key}:${order.orderId}`,
  });
  await repo.bookSettlement(tx, [
    row('SALE', order.amountPaise, COUNTER.buyerPayments, 'sale'),
    ...(order.paymentMethod === 'COD'
      ? [row('CASH_COLLECTED', -order.amountPaise, COUNTER.sellerCash, 'cash-collected')]
      : []),
    row('COMMISSION', -charges.commissionPaise, COUNTER.commission, 'commission'),
    row('TCS', -charges.tcsPaise, COUNTER.tcs, 'tcs'),
    row('TDS', -charges.tdsPaise, COUNTER.tds, 'tds'),
  ]);
}

/**
 * Money back to the buyer: the refund leaves the seller's balance, and the charges booked on the
 * sale come back in proportion (refundShare: all of them once all is refunded). A cash-on-delivery
 * refund is paid by the seller, so it is matched by their cash. The referrer's reward, if earned,
 * is reversed in the same proportion.
 */
export async function bookRefund(tx: Database, refund: RefundEventPayload): Promise<void> {
  await repo.lockOrder(tx, refund.orderId);
  const before = refund.refundedPaiseTotal - refund.refundPaise;
  const after = refund.refundedPaiseTotal;
  const booked = await repo.bookedForOrder(tx, refund.orderId);
  const gross = booked.SALE ?? 0;
  if (gross > 0) {
    const back = (charged: number | undefined) => refundShare(-(charged ?? 0), gross, before, after);
    const row = (
      kind: repo.NewSettlementEntry['kind'],
      amountPaise: number,
      counterAccount: string,
      key: string,
    ): repo.NewSettlementEntry => ({
      sellerUserId: refund.sellerUserId,
      orderId: refund.orderId,
      kind,
      amountPaise,
      counterAccount,
      sourceKey: `${key}:${refund.refundId}`,
    });
    await repo.bookSettlement(tx, [
      row('REFUND', -refund.refundPaise, COUNTER.buyerRefunds, 'refund'),
      ...(refund.paymentMethod === 'COD'
        ? [row('CASH_REFUNDED', refund.refundPaise, COUNTER.sellerCash, 'cash-refunded')]
        : []),
      row('COMMISSION_REVERSAL', back(booked.COMMISSION), COUNTER.commission, 'commission-reversal'),
      row('TCS_REVERSAL', back(booked.TCS), COUNTER.tcs, 'tcs-reversal'),
      row('TDS_REVERSAL', back(booked.TDS), COUNTER.tds, 'tds-reversal'),
    ]);
  }
  if (refund.referrerUserId && refund.referrerRewardPaise > 0) {
    const rewards = await repo.rewardsForOrder(tx, refund.orderId);
    // Nothing is reversed of a reward not earned yet: delivery earns it net of this refund.
    if ((rewards.EARNED ?? 0) > 0) {
      await repo.bookReward(tx, {
        userId: refund.referrerUserId,
        orderId: refund.orderId,
        kind: 'REVERSED',
        amountPaise: -refundShare(refund.referrerRewardPaise, refund.amountPaise, before, after),
        sourceKey: `reward-reversed:${refund.refundId}`,
      });
    }
  }
}

/** Delivered: the referrer earns the order's reward, less the share of what was refunded before. */
export async function earnReward(tx: Database, order: OrderEventPayload): Promise<void> {
  if (!order.referrerUserId || order.referrerRewardPaise <= 0) return;
  await repo.lockOrder(tx, order.orderId);
  const refunded = -((await repo.bookedForOrder(tx, order.orderId)).REFUND ?? 0);
  await repo.bookReward(tx, {
    userId: order.referrerUserId,
    orderId: order.orderId,
    kind: 'EARNED',
    amountPaise: rewardAtDelivery(order.referrerRewardPaise, order.amountPaise, refunded),
    // The key migration 0030 gave rewards credited when paid: such an order earns nothing twice.
    sourceKey: `reward-earned:${order.orderId}`,
  });
}

// Module-level functions, so that registering them again (each test file builds its apps) adds nothing.
const onPaid: TransactionalReaction<'order.paid'> = (tx, event) => bookSale(tx, event.payload);
const onRefunded: TransactionalReaction<'refund.succeeded'> = (tx, event) => bookRefund(tx, event.payload);
const onDelivered: TransactionalReaction<'order.delivered'> = (tx, event) => earnReward(tx, event.payload);

export function registerLedgerReactions(): void {
  reactInTransaction('order.paid', onPaid);
  reactInTransaction('refund.succeeded', onRefunded);
  reactInTransaction('order.delivered', onDelivered);
}
