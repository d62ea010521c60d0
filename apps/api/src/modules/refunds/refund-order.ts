import type { FastifyBaseLogger } from 'fastify';
import {
  hasTeamRight,
  paymentStateAfterRefunds,
  REFUND_MESSAGES,
  REFUNDABLE_STATES,
  type OrderActorName,
  type RefundMethod,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent, type RefundEventPayload } from '../../lib/domain-events.js';
import { newId } from '../../lib/ids.js';
import { countWebhookRefused } from '../../lib/metrics.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  PaymentProviderError,
  WebhookRejected,
  type PaymentProvider,
  type ProviderRefund,
  type WebhookRequest,
} from '../../providers/payments/payment-provider.js';
import { findOrderById, orderEventPayload, type OrderRow } from './orders.repository.js';
import * as repo from './refunds.repository.js';

/** What refunds need: the database, the payment provider and a clock. */
export interface RefundContext {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => number;
}

const nowOf = (ctx: RefundContext) => new Date((ctx.now ?? Date.now)());

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

async function refundPayload(
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

/**
 * Refunds part or all of an order: files it (one transaction, the order locked) and then asks the
 * provider. The function h3's cash-on-delivery refunds call with `method: 'PAYOUT'`, which files
 * the refund and leaves its settlement to them (settleRefund).
 */
export async function requestRefund(
  ctx: RefundContext,
  orderId: string,
  ask: RefundAsk,
): Promise<repo.RefundRow> {
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return fileRefund(tx, order, ask);
  });
  if (refund.method === 'PROVIDER') await sendRefund(ctx, refund);
  return refund;
}

/**
 * Asks the provider for a filed refund (again, after a failure to reach it: the refund id makes
 * it the same refund). A refusal settles it FAILED; an unreachable provider leaves it PENDING for
 * the sweep (reconcileOpenRefunds).
 */
export async function sendRefund(ctx: RefundContext, refund: repo.RefundRow): Promise<void> {
  let remote: ProviderRefund;
  try {
    remote = await ctx.provider.createRefund({
      orderId: refund.orderId,
      refundId: refund.id,
      amount: refund.amountPaise / 100,
      note: refund.reason,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const refused = error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500;
    ctx.log.warn(
      { refundId: refund.id, orderId: refund.orderId, providerStatus: error.httpStatus, refused },
      `refund: ${error.message}`,
    );
    if (refused) {
      await settleRefund(ctx, refund.id, {
        status: 'FAILED',
        cfRefundId: '',
        providerStatus: `HTTP ${String(error.httpStatus)}`,
        description: error.message,
      });
    }
    return;
  }
  await applyProviderRefund(ctx, refund, remote);
}

/** The provider's answer about a refund: settles it when final, else notes its ids. */
async function applyProviderRefund(ctx: RefundContext, refund: repo.RefundRow, remote: ProviderRefund) {
  if (remote.refundId !== refund.id || Math.round(remote.amount * 100) !== refund.amountPaise) {
    ctx.log.error(
      { refundId: refund.id, theirs: remote.refundId, amount: remote.amount, ours: refund.amountPaise },
      'provider reports a refund that is not ours; left open',
    );
    return;
  }
  if (remote.status === 'PENDING') {
    await repo.noteProviderRefund(ctx.db, refund.id, remote);
    return;
  }
  await settleRefund(ctx, refund.id, {
    status: remote.status,
    cfRefundId: remote.cfRefundId,
    providerStatus: remote.providerStatus,
    description: remote.description,
  });
}

/**
 * Settles a refund once, in one transaction with the order locked: its status, the order's payment
 * state and refund.succeeded or refund.failed (whose reactions run in it). A second call for the
 * same refund changes nothing. Answers whether this call settled it.
 */
export async function settleRefund(
  ctx: RefundContext,
  refundId: string,
  outcome: { status: 'SUCCESS' | 'FAILED'; cfRefundId: string; providerStatus: string; description: string },
): Promise<boolean> {
  const known = await repo.findRefund(ctx.db, refundId);
  if (!known || known.status !== 'PENDING') return false;
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, known.orderId);
    if (!order) return false;
    const refund = await repo.settleRefundRow(tx, refundId, { ...outcome, at: nowOf(ctx) });
    if (!refund) return false;
    const totals = await repo.refundTotals(tx, order.id);
    const state = paymentStateAfterRefunds({
      paidPaise: paidPaise(order),
      succeededPaise: totals.succeeded,
      pendingPaise: totals.pending,
      // A cancelled order, or one paid after its stock was gone, is owed its money back.
      owed: !order.stockHeld,
    });
    await repo.setPaymentState(tx, order.id, state);
    await recordEvent(tx, {
      type: refund.status === 'SUCCESS' ? 'refund.succeeded' : 'refund.failed',
      payload: await refundPayload(tx, { ...order, paymentState: state }, refund, totals.succeeded),
    });
    return true;
  });
}

/**
 * A signed refund webhook. Only a trigger: the refund is settled from the provider's own answer
 * (getRefund). Forged and stale ones are refused; one about a refund already settled, or not ours,
 * changes nothing.
 */
export async function handleRefundWebhook(
  ctx: RefundContext,
  request: WebhookRequest,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  let event;
  try {
    event = ctx.provider.verifyRefundWebhook(request);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      ctx.log.warn({ reason: error.reason }, 'refund webhook rejected');
      countWebhookRefused('refund', error.reason);
      throw new AppError('BAD_REQUEST', 'Webhook signature is not valid');
    }
    throw error;
  }
  const refund = await repo.findRefund(ctx.db, event.refundId);
  if (!refund || refund.orderId !== event.orderId || refund.method !== 'PROVIDER') {
    ctx.log.warn(
      { refundId: event.refundId, orderId: event.orderId },
      'refund webhook for an unknown refund',
    );
    return 'ignored';
  }
  if (refund.status !== 'PENDING') return 'duplicate';
  let remote: ProviderRefund;
  try {
    remote = await ctx.provider.getRefund(refund.orderId, refund.id);
  } catch (error) {
    // Not processed: the provider sends it again.
    if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
  await applyProviderRefund(ctx, refund, remote);
  return 'processed';
}

/**
 * Refunds still open a minute after they were asked for: asked about at the provider, and asked
 * for again when it never got them (a refund id it does not know). Runs every minute (app.ts).
 */
export async function reconcileOpenRefunds(ctx: RefundContext, limit = 50): Promise<number> {
  const open = await repo.findOpenProviderRefunds(ctx.db, new Date(nowOf(ctx).getTime() - 60_000), limit);
  for (const refund of open) {
    try {
      const remote = await ctx.provider.getRefund(refund.orderId, refund.id).catch((error: unknown) => {
        if (error instanceof PaymentProviderError && error.httpStatus === 404) return undefined;
        throw error;
      });
      if (remote) await applyProviderRefund(ctx, refund, remote);
      else await sendRefund(ctx, refund);
    } catch (error) {
      ctx.log.warn({ refundId: refund.id, err: error }, 'asking about an open refund failed; tried again');
    }
  }
  return open.length;
}

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

/** The seller's or the admin's refund, from the order pages. */
export async function refundOrder(
  ctx: RefundContext,
  actor: AuthUser,
  orderId: string,
  input: { amountPaise: number; reason: string },
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const as = staffActorOf(actor, order);
  // A cash-on-delivery order's money is with the seller, who pays it back (cod-refunds.ts).
  const method = order.paymentMethod === 'COD' ? 'PAYOUT' : 'PROVIDER';
  return requestRefund(ctx, orderId, { ...input, actor: as, actorUserId: actor.id, method });
}
