import { timingSafeEqual } from 'node:crypto';
import {
  LATE_LINK_HOURS,
  ORDER_KEY_HEADER,
  ORDER_MESSAGES,
  REFUND_MESSAGES,
  RETURN_WINDOW_DAYS,
} from '@app/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { cookieValue } from '../../lib/device-cookies.js';
import { hmacSigner } from '../../lib/hmac-signer.js';
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
  /**
   * A key that opens the order until `expiresAt` only: what a message sent after the return
   * window carries (`t<unix seconds>` and an HMAC of the id, version and that time).
   */
  lateKeyOf(order: { id: string; linkVersion: number }, expiresAt: Date): string;
  /** The HttpOnly cookie that holds an order's key on a device (`key`: the one given, else the order's key). */
  cookieFor(order: { id: string; linkVersion: number }, secure: boolean, key?: string): string;
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
  /** Whether `key` opens the order now: its key within the return window, or an unexpired late key. */
  matches(order: LinkedOrder, key: string | undefined, now?: Date): boolean;
}

/** What decides whether a key opens an order. */
export interface LinkedOrder {
  id: string;
  linkVersion: number;
  /** When the order was delivered, or cancelled: its key opens it for RETURN_WINDOW_DAYS more. */
  deliveredAt: Date | null;
  cancelledAt: Date | null;
}

export interface OrderHolder {
  /** 'buyer': signed in as the buyer; 'key': brought the order's key. */
  by: 'buyer' | 'key';
  buyerUserId: string;
  linkVersion: number;
}

/**
 * A device keeps an order's cookie half a year, longer than any order takes to arrive; the key in it
 * stops opening the order at the end of the return window all the same (keyEndsAt).
 */
const COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const KEY_LENGTH = 32;

export function orderKeyCookieName(orderId: string): string {
  return `order_${orderId}`;
}

const DAY_MS = 24 * 3600 * 1000;
const LATE_KEY = /^t(\d{10})([A-Za-z0-9_-]{32})$/;

/** When the order's own key stops opening it: the return window after delivery or cancellation. */
export function keyEndsAt(order: Pick<LinkedOrder, 'deliveredAt' | 'cancelledAt'>): Date | null {
  const ended = order.deliveredAt ?? order.cancelledAt;
  return ended ? new Date(ended.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
}

/** The order's buyer, link version and the times that end its key; 404 for an unknown id. */
async function linkOf(db: Database, orderId: string) {
  const [order] = await db
    .select({
      buyerUserId: orders.buyerUserId,
      linkVersion: orders.linkVersion,
      deliveredAt: orders.deliveredAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

export function createOrderLinks(db: Database, secret: string): OrderLinks {
  // Padded keys made once; every order signs its link (lib/hmac-signer.ts says why not createHmac).
  const sign = hmacSigner(secret);
  const hmac = (text: string) => sign(text).slice(0, KEY_LENGTH);
  const keyOf = (order: { id: string; linkVersion: number }) =>
    hmac(`order-link:${order.id}:${String(order.linkVersion)}`);
  const lateHmac = (order: { id: string; linkVersion: number }, seconds: string) =>
    hmac(`order-late-link:${order.id}:${String(order.linkVersion)}:${seconds}`);
  const lateKeyOf = (order: { id: string; linkVersion: number }, expiresAt: Date) => {
    const seconds = String(Math.floor(expiresAt.getTime() / 1000));
    return `t${seconds}${lateHmac(order, seconds)}`;
  };
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /** Until when `key` opens the order (null: no end yet), or undefined when it does not open it. */
  const keyExpiry = (order: LinkedOrder, key: string | undefined): Date | null | undefined => {
    if (!key) return undefined;
    if (key.length === KEY_LENGTH) return same(key, keyOf(order)) ? keyEndsAt(order) : undefined;
    const late = LATE_KEY.exec(key);
    if (!late?.[1] || !late[2] || !same(late[2], lateHmac(order, late[1]))) return undefined;
    return new Date(Number(late[1]) * 1000);
  };

  const matches = (order: LinkedOrder, key: string | undefined, now = new Date()) => {
    const expiry = keyExpiry(order, key);
    return expiry === null || (expiry !== undefined && expiry > now);
  };

  const cookieFor = (order: { id: string; linkVersion: number }, secure: boolean, key = keyOf(order)) => {
    // A late key's cookie lasts as long as the key.
    const late = LATE_KEY.exec(key);
    const maxAge = late?.[1]
      ? Math.max(0, Number(late[1]) - Math.floor(Date.now() / 1000))
      : COOKIE_MAX_AGE_SECONDS;
    // Lax: the link in a message is a navigation from another site, and sets it; Path=/api: only
    // the API reads it.
    const attributes = ['Path=/api', `Max-Age=${String(maxAge)}`, 'HttpOnly', 'SameSite=Lax'];
    if (secure) attributes.push('Secure');
    return [`${orderKeyCookieName(order.id)}=${key}`, ...attributes].join('; ');
  };

  const heldBy = async (
    request: Pick<FastifyRequest, 'headers'>,
    actor: AuthUser | null,
    orderId: string,
  ): Promise<OrderHolder | null> => {
    const order = await linkOf(db, orderId);
    const holder = { buyerUserId: order.buyerUserId, linkVersion: order.linkVersion };
    if (actor && actor.id === order.buyerUserId) return { by: 'buyer', ...holder };
    const header = request.headers[ORDER_KEY_HEADER];
    const key =
      (typeof header === 'string' && header.trim()) ||
      cookieValue(request.headers.cookie, orderKeyCookieName(orderId));
    return matches({ id: orderId, ...order }, key) ? { by: 'key', ...holder } : null;
  };

  return {
    keyOf,
    lateKeyOf,
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
 * order's current version, so a revoked link is never sent again. Within LATE_LINK_HOURS of the end
 * of the return window, or past it, a late key that opens the order for LATE_LINK_HOURS from now.
 * Null when the order is gone.
 */
export async function buyerOrderLink(
  db: Database,
  links: Pick<OrderLinks, 'keyOf' | 'lateKeyOf'>,
  publicUrl: string,
  orderId: string,
  now = new Date(),
): Promise<string | null> {
  const [order] = await db
    .select({
      linkVersion: orders.linkVersion,
      deliveredAt: orders.deliveredAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const linked = { id: orderId, linkVersion: order.linkVersion };
  const ends = keyEndsAt(order);
  const lateUntil = new Date(now.getTime() + LATE_LINK_HOURS * 3600 * 1000);
  const key = ends && ends < lateUntil ? links.lateKeyOf(linked, lateUntil) : links.keyOf(linked);
  return `${publicUrl}/api/orders/${orderId}/open?key=${key}`;
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
