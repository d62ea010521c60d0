import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORDER_KEY_HEADER, ORDER_MESSAGES, REFUND_MESSAGES } from '@app/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { cookieValue } from '../../lib/device-cookies.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordOrderEvent } from './orders.repository.js';

/**
 * An order's key (issue 40, decision 063): what opens an order to someone not signed in as its
 * buyer. The order id alone opens nothing: ids travel in lists, screenshots and the seller's and
 * team's screens. The key is an HMAC of the id and the order's link version under the server's
 * signing secret, so nothing secret is stored beside the order, the messages composed long after
 * the order was placed can carry it, and revoking moves the version on, which ends every link and
 * cookie made before.
 */
export interface OrderLinks {
  /** The key of an order at its current link version (192 bits, base64url). */
  keyOf(order: { id: string; linkVersion: number }): string;
  /** The HttpOnly cookie that holds an order's key on a device. */
  cookieFor(order: { id: string; linkVersion: number }, secure: boolean): string;
  /**
   * Who holds the order for this request: its buyer signed in, or whoever brought its key (header
   * or cookie). Anyone else, signed in or not, is refused alike (403); an unknown id is 404.
   */
  holderOf(
    request: Pick<FastifyRequest, 'headers'>,
    actor: AuthUser | null,
    orderId: string,
  ): Promise<OrderHolder>;
  /** As holderOf, with null where holderOf refuses (for routes that also let others in). */
  heldBy(
    request: Pick<FastifyRequest, 'headers'>,
    actor: AuthUser | null,
    orderId: string,
  ): Promise<OrderHolder | null>;
  /** Whether `key` is the order's current key. */
  matches(order: { id: string; linkVersion: number }, key: string | undefined): boolean;
}

export interface OrderHolder {
  /** 'buyer': signed in as the buyer; 'key': brought the order's key. */
  by: 'buyer' | 'key';
  buyerUserId: string;
  linkVersion: number;
}

/** A device keeps an order's key half a year: the tax documents are fetched long after delivery. */
const COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const KEY_LENGTH = 32;

export function orderKeyCookieName(orderId: string): string {
  return `order_${orderId}`;
}

/** The order's buyer and link version; 404 for an unknown id. */
async function linkOf(db: Database, orderId: string) {
  const [order] = await db
    .select({ buyerUserId: orders.buyerUserId, linkVersion: orders.linkVersion })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

export function createOrderLinks(db: Database, secret: string): OrderLinks {
  const keyOf = (order: { id: string; linkVersion: number }) =>
    createHmac('sha256', secret)
      .update(`order-link:${order.id}:${String(order.linkVersion)}`)
      .digest('base64url')
      .slice(0, KEY_LENGTH);

  const matches = (order: { id: string; linkVersion: number }, key: string | undefined) => {
    if (!key || key.length !== KEY_LENGTH) return false;
    return timingSafeEqual(Buffer.from(key), Buffer.from(keyOf(order)));
  };

  const cookieFor = (order: { id: string; linkVersion: number }, secure: boolean) => {
    // Lax: the link in a message is a navigation from another site, and sets it; Path=/api: only
    // the API reads it.
    const attributes = ['Path=/api', `Max-Age=${COOKIE_MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
    if (secure) attributes.push('Secure');
    return [`${orderKeyCookieName(order.id)}=${keyOf(order)}`, ...attributes].join('; ');
  };

  const heldBy = async (
    request: Pick<FastifyRequest, 'headers'>,
    actor: AuthUser | null,
    orderId: string,
  ): Promise<OrderHolder | null> => {
    const order = await linkOf(db, orderId);
    if (actor && actor.id === order.buyerUserId) return { by: 'buyer', ...order };
    const header = request.headers[ORDER_KEY_HEADER];
    const key =
      (typeof header === 'string' && header.trim()) ||
      cookieValue(request.headers.cookie, orderKeyCookieName(orderId));
    return matches({ id: orderId, linkVersion: order.linkVersion }, key) ? { by: 'key', ...order } : null;
  };

  return {
    keyOf,
    matches,
    cookieFor,
    heldBy,
    async holderOf(request, actor, orderId) {
      const holder = await heldBy(request, actor, orderId);
      if (!holder) throw new AppError('FORBIDDEN', REFUND_MESSAGES.needsLink);
      return holder;
    },
  };
}

/**
 * The link a message to the buyer carries (decision 063): `/api/orders/:id/open` with the key of the
 * order's current version, so a revoked link is never sent again. Null when the order is gone.
 */
export async function buyerOrderLink(
  db: Database,
  links: Pick<OrderLinks, 'keyOf'>,
  publicUrl: string,
  orderId: string,
): Promise<string | null> {
  const [order] = await db
    .select({ linkVersion: orders.linkVersion })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  return `${publicUrl}/api/orders/${orderId}/open?key=${links.keyOf({ id: orderId, linkVersion: order.linkVersion })}`;
}

/** Ends every link and cookie of the order made so far; answers the new version. */
export async function revokeOrderLinks(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({ linkVersion: sql`${orders.linkVersion} + 1` })
    .where(eq(orders.id, orderId))
    .returning({ linkVersion: orders.linkVersion });
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return row.linkVersion;
}

/** How often an order's link may be sent again on request. */
export const LINK_RESEND_MINUTES = 10;

/**
 * "Send me the link again" (issue 40): the order's link goes to the contact given at checkout (its
 * order.link-requested message), never to whoever asked, so the id alone still opens nothing. At
 * most once per LINK_RESEND_MINUTES per order; the stamp and the event are one transaction.
 */
export async function requestOrderLink(db: Database, orderId: string): Promise<void> {
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ linkRequestedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, orderId),
          or(
            isNull(orders.linkRequestedAt),
            sql`${orders.linkRequestedAt} < now() - ${`${LINK_RESEND_MINUTES} minutes`}::interval`,
          ),
        ),
      )
      .returning();
    if (row) await recordOrderEvent(tx, 'order.link-requested', row);
    return row !== undefined;
  });
  if (sent) return;
  await linkOf(db, orderId);
  throw new AppError('RATE_LIMITED', ORDER_MESSAGES.linkAskedRecently, undefined, LINK_RESEND_MINUTES * 60);
}
