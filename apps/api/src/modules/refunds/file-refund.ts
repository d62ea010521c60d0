import { REFUND_MESSAGES, REFUNDABLE_STATES, type OrderActorName, type RefundMethod } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent, type RefundEventPayload } from '../../lib/domain-events.js';
import { newId } from '../../lib/ids.js';
import { orderEventPayload, type OrderRow } from '../orders/order-data.js';
import * as repo from './refunds.repository.js';

/** What the buyer paid for the order, in paise (the orders table keeps whole rupees). */
export const paidPaise = (order: Pick<OrderRow, 'amount'>) => order.amount * 100;

/** What can still be refunded: what was paid less refunds gone back or on their way. */
export async function refundablePaise(tx: Database, order: OrderRow): Promise<number> {
  if (!REFUNDABLE_STATES.includes(order.paymentState)) return 0;
  const totals = await repo.refundTotals(tx, order.id);
  return Math.max(0, paidPaise(order) - totals.succeeded - totals.pending);
}

export interface RefundAsk {
  amountPaise: number;
  reason: string;
  actor: OrderActorName;
  actorUserId: string | null;
  /** PROVIDER (default) sends it to the payment provider; PAYOUT is paid out by the seller (COD). */
  method?: RefundMethod;
}

/**
 * Files a refund of a LOCKED order (repo.lockOrder) in the caller's transaction: refused beyond
 * what is left (PENDING and SUCCESS refunds count), so concurrent refunds never add up to more than
 * was paid. The order becomes REFUND_PENDING and refund.requested is recorded. Nothing is sent to
 * the provider here: call sendRefund after the transaction commits.
 */
export async function fileRefund(tx: Database, order: OrderRow, ask: RefundAsk): Promise<repo.RefundRow> {
  // A refunded order had a payment: it is told that nothing is left, like a partly refunded one.
  if (!REFUNDABLE_STATES.includes(order.paymentState) && order.paymentState !== 'REFUNDED') {
    throw new AppError('CONFLICT', REFUND_MESSAGES.notRefundable);
  }
  const totals = await repo.refundTotals(tx, order.id);
  const left = paidPaise(order) - totals.succeeded - totals.pending;
  if (ask.amountPaise > left) {
    const message = REFUND_MESSAGES.tooMuch(Math.max(0, left));
    throw new AppError('CONFLICT', message, { amount: message });
  }
  const method = ask.method ?? 'PROVIDER';
  const refund = await repo.insertRefund(tx, {
    id: newId(),
    orderId: order.id,
    method,
    provider: method === 'PROVIDER' ? order.provider : null,
    amountPaise: ask.amountPaise,
    reason: ask.reason,
    actor: ask.actor,
    actorUserId: ask.actorUserId,
  });
  await repo.setPaymentState(tx, order.id, 'REFUND_PENDING');
  await recordEvent(tx, {
    type: 'refund.requested',
    payload: await refundPayload(tx, order, refund, totals.succeeded),
  });
  return refund;
}

export async function refundPayload(
  tx: Database,
  order: OrderRow,
  refund: repo.RefundRow,
  refundedPaiseTotal: number,
): Promise<RefundEventPayload> {
  return {
    ...(await orderEventPayload(tx, order)),
    refundId: refund.id,
    refundPaise: refund.amountPaise,
    refundedPaiseTotal,
    reason: refund.reason,
    refundedBy: refund.actor,
  };
}
