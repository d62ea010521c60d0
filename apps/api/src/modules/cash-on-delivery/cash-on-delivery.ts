import type { FastifyBaseLogger } from 'fastify';
import {
  codRefusal,
  codWindowHours,
  deliveryTermsOf,
  COD_MESSAGES,
  orderTotals,
  type DeliveryTerms,
  type DeliveryTermsUpdate,
  type OrderChannel,
  type PaymentMethod,
  type ProductTerms,
  type SellerOrderView,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './orders.repository.js';
import * as cod from './cash-on-delivery.repository.js';
import { toSellerView } from './orders.service.js';

// Totals before paying and cash on delivery (issue 23, decision 032).

export interface CodContext {
  db: Database;
  now: () => number;
  log: FastifyBaseLogger;
}

/** A store's terms as a left join reads them: all null for a store without settings. */
export type StoredTerms = { [K in keyof DeliveryTerms]: DeliveryTerms[K] | null };

/** How an order is paid and what it comes to, delivery included. */
export interface ChosenPayment {
  method: PaymentMethod;
  subtotal: number;
  deliveryCharge: number;
  total: number;
  /** The store's terms the choice was made with (the acceptance window and limits of cash on delivery). */
  terms: DeliveryTerms;
}

/**
 * The order's total with its store's delivery charge, and whether it may be paid in cash at the
 * door: only a consumer order that is paid (not the admin's orders without payment), placed by a
 * signed-in buyer with a proven contact for themselves, within the store's terms.
 */
export async function choosePayment(
  db: Database,
  q: {
    /** The store's terms as read with the product (orders.repository findOrderContext). */
    terms: StoredTerms;
    subtotal: number;
    sample: boolean;
    method: PaymentMethod;
    actor: AuthUser | null;
    /** The admin ordering for another account. */
    orderFor: string | undefined;
    channel: OrderChannel;
    pays: boolean;
    quantity: number;
  },
): Promise<ChosenPayment> {
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

/** The checkout page's totals and payment choice for a product: its store's terms. */
export async function productTerms(db: Database, productId: string): Promise<ProductTerms> {
  const found = await cod.findProductTerms(db, productId);
  if (!found?.isActive)
    throw new AppError('NOT_FOUND', 'Product not found', { productId: 'Product not found' });
  return { productId, ...found.terms };
}

function requireSeller(actor: AuthUser) {
  if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller sets delivery terms');
}

export async function myDeliveryTerms(db: Database, actor: AuthUser) {
  requireSeller(actor);
  return cod.findDeliveryTerms(db, actor.id);
}

export async function updateMyDeliveryTerms(db: Database, actor: AuthUser, terms: DeliveryTermsUpdate) {
  requireSeller(actor);
  await cod.saveDeliveryTerms(db, actor.id, terms);
  return cod.findDeliveryTerms(db, actor.id);
}

/** The seller of the order (or the admin); the order must be a cash-on-delivery one. */
async function codOrderFor(ctx: CodContext, actor: AuthUser, orderId: string) {
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (actor.role !== 'ADMIN' && order.sellerUserId !== actor.id) {
    throw new AppError('FORBIDDEN', 'This order is not for your products');
  }
  if (order.paymentMethod !== 'COD') throw new AppError('CONFLICT', COD_MESSAGES.notCod);
  return order;
}

async function sellerView(ctx: CodContext, orderId: string): Promise<SellerOrderView> {
  const row = await repo.orderWithProduct(ctx.db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return toSellerView(row);
}

/** The seller takes a cash-on-delivery order on within their acceptance window (24 hours unless they set another). */
export async function acceptCod(ctx: CodContext, actor: AuthUser, orderId: string) {
  const order = await codOrderFor(ctx, actor, orderId);
  const accepted = await cod.acceptCodOrder(ctx.db, order.id, new Date(ctx.now()));
  if (!accepted) {
    const late = order.paymentState === 'COD_PENDING' && (order.holdExpiresAt?.getTime() ?? 0) <= ctx.now();
    const window = order.holdExpiresAt ? codWindowHours(order.createdAt, order.holdExpiresAt) : 0;
    throw new AppError('CONFLICT', late ? COD_MESSAGES.acceptExpired(window) : COD_MESSAGES.notWaiting);
  }
  return sellerView(ctx, order.id);
}

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
  return sellerView(ctx, order.id);
}

/**
 * Cancels the cash-on-delivery orders whose seller did not accept them within their window, and
 * gives their stock back. Runs every few minutes (app.ts); answers how many it cancelled.
 */
export async function sweepUnacceptedCod(ctx: CodContext, limit = 100): Promise<number> {
  const at = new Date(ctx.now());
  let cancelled = 0;
  for (const { id, placedAt, acceptBy } of await cod.findUnacceptedCod(ctx.db, at, limit)) {
    try {
      const reason = COD_MESSAGES.sweepReason(acceptBy ? codWindowHours(placedAt, acceptBy) : 0);
      if (await cod.cancelUnacceptedCod(ctx.db, id, at, reason)) cancelled += 1;
    } catch (error) {
      ctx.log.warn({ orderId: id, err: error }, 'cancelling an unaccepted cash-on-delivery order failed');
    }
  }
  return cancelled;
}
