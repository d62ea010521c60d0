import { REFUNDABLE_STATES, type CancellationView, type OrderView, type RefundView } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { OrderRow } from '../orders/order-data.js';
import { refundsOfOrders, type RefundRow } from './refunds.repository.js';

function cancellationOf(order: OrderRow): CancellationView | null {
  if (!order.cancelledAt) return null;
  return {
    by: order.cancelledBy ?? 'system',
    reason: order.cancelReason ?? '',
    at: order.cancelledAt.toISOString(),
  };
}

function refundView(r: RefundRow): RefundView {
  return {
    refundId: r.id,
    amountPaise: r.amountPaise,
    reason: r.reason,
    status: r.status,
    method: r.method,
    refundedBy: r.actor,
    requestedAt: r.requestedAt.toISOString(),
    settledAt: r.settledAt ? r.settledAt.toISOString() : null,
  };
}

/**
 * Order views with their cancellation, refunds and what can still be refunded: one query for the
 * refunds of all the orders listed.
 */
export async function viewsWithRefunds<R extends { order: OrderRow }, V extends OrderView>(
  db: Database,
  rows: readonly R[],
  toView: (row: R) => V,
): Promise<V[]> {
  const all = await refundsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  const byOrder = new Map<string, RefundRow[]>();
  for (const r of all) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return rows.map((row) => {
    const o = row.order;
    const refunds = byOrder.get(o.id) ?? [];
    const counted = refunds.filter((r) => r.status !== 'FAILED').reduce((sum, r) => sum + r.amountPaise, 0);
    return {
      ...toView(row),
      cancellation: cancellationOf(o),
      refunds: refunds.map(refundView),
      refundablePaise: REFUNDABLE_STATES.includes(o.paymentState) ? Math.max(0, o.amount * 100 - counted) : 0,
    };
  });
}
