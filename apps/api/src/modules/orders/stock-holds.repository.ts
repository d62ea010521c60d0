import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isIPv4 } from 'node:net';
import type { HoldLimits, PaymentMethod } from '@app/domain';
import type { Database } from '../../db/client.js';
import { products, stockHolds } from '../../db/schema/index.js';

// Stock holds (decision 019): what each placer holds unpaid, and the stock an order takes.

/**
 * Who placed an order: the address, the browser (its buyer-device cookie, issue 40) and the
 * signed-in account, each when there was one.
 */
export interface Placer {
  clientIp: string | null;
  deviceId: string | null;
  userId: string | null;
}

/**
 * The address an order counts against: an IPv4 address as it is, an IPv6 address by its /64,
 * the block one subscriber is given (counting each of its addresses would cap nobody).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The holder whose row per product counts the units that cash-on-delivery orders hold while they
 * wait for their seller, whoever placed them (issue 40): the seller's limit on that is one cap, as
 * the placer's are, checked in the statement that takes the stock.
 */
export const COD_HOLDER = 'cod';

/**
 * The stock_holds rows an order's holds are filed under, in the order their rows are locked
 * ('cod' before 'device:' before 'ip:' before 'user:'): the product's waiting cash-on-delivery units
 * when it is such an order, the placing browser, its address, and the signed-in account.
 */
export function holderKeys(placer: Placer | undefined, cod = false): string[] {
  const { deviceHolder, ipHolder, userHolder } = holderSlots(placer);
  return [cod ? COD_HOLDER : null, deviceHolder, ipHolder, userHolder].filter((k): k is string => !!k);
}

/** Each of the placer's holder keys by kind; null where the order has none of that kind. */
export function holderSlots(placer: Placer | undefined) {
  return {
    deviceHolder: placer?.deviceId ? `device:${placer.deviceId}` : null,
    ipHolder: placer?.clientIp ? `ip:${addressKey(placer.clientIp)}` : null,
    userHolder: placer?.userId ? `user:${placer.userId}` : null,
  };
}

/** An address holder: it has a crowd's caps (addressHoldLimits). */
export const ADDRESS_HOLDER_PATTERN = 'ip:%';

/** What a paying order holds: until when, and within which caps of its placer. */
export interface OrderHold {
  expiresAt: Date;
  placedBy: Placer;
  /** A device's and an account's caps. */
  limits: HoldLimits;
  /** The address's caps: a crowd's (addressHoldLimits). */
  addressLimits: HoldLimits;
  /** Business orders: the product's MOQ may exceed the consumer cap, so only orders are capped. */
  capUnits: boolean;
  /** A cash-on-delivery order: the seller's limit on units of the product waiting for acceptance. */
  codMaxWaitingUnits?: number | undefined;
}

/** The same holder counts again, for the answer to a refused order: which cap it hit. */
export function findHeld(db: Database, placedBy: Placer, productId: string) {
  const keys = holderKeys(placedBy, true);
  const placer = sql`${stockHolds.holder} <> ${COD_HOLDER} and ${stockHolds.holder} not like ${ADDRESS_HOLDER_PATTERN}`;
  const address = sql`${stockHolds.holder} like ${ADDRESS_HOLDER_PATTERN}`;
  const of = (who: SQL, what: typeof stockHolds.orders | typeof stockHolds.units, product: string) =>
    sql<number>`coalesce(max(${what}) filter (where ${who} and ${stockHolds.productId} = ${product}), 0)::int`;
  return db
    .select({
      orders: of(placer, stockHolds.orders, ''),
      units: of(placer, stockHolds.units, productId),
      addressOrders: of(address, stockHolds.orders, ''),
      addressUnits: of(address, stockHolds.units, productId),
      codWaitingUnits: sql<number>`coalesce(max(${stockHolds.units}) filter (where ${stockHolds.holder} = ${COD_HOLDER}), 0)::int`,
    })
    .from(stockHolds)
    .where(and(inArray(stockHolds.holder, keys), inArray(stockHolds.productId, ['', productId])))
    .then((r) => r[0] ?? { orders: 0, units: 0, addressOrders: 0, addressUnits: 0, codWaitingUnits: 0 });
}

/**
 * Takes an ended hold off its holders' counts. The rows are locked in key order, as the order that
 * adds to them locks them, so two of these statements never wait on each other in a circle.
 */
export async function subtractHold(
  db: Database,
  order: {
    clientIp: string | null;
    clientDevice: string | null;
    placedByUserId: string | null;
    productId: string;
    quantity: number;
    /** A cash-on-delivery order leaves its product's waiting units too (it is called as it stops waiting). */
    paymentMethod: PaymentMethod;
  },
) {
  const keys = holderKeys(
    { clientIp: order.clientIp, deviceId: order.clientDevice, userId: order.placedByUserId },
    order.paymentMethod === 'COD',
  );
  if (keys.length === 0) return;
  const holders = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  // Never below zero: a count that drifted must not stop a hold from ending.
  await db.execute(sql`update ${stockHolds}
    set orders = greatest(${stockHolds.orders} - 1, 0), units = greatest(${stockHolds.units} - ${order.quantity}, 0)
    where (holder, product_id) in (
      select holder, product_id from ${stockHolds}
      where holder in (${holders}) and product_id in ('', ${order.productId})
      order by holder, product_id for update)`);
}

/** Rows of holders that hold nothing any more (an address is not kept longer than its holds). */
export function deleteEmptyHolds(db: Database) {
  return db.delete(stockHolds).where(eq(stockHolds.orders, 0));
}

/** Enough units for `quantity`: always on a product that does not count its stock (decision 022). */
export const hasUnits = (quantity: unknown) =>
  sql`(not ${products.trackInventory} or ${products.inventoryQuantity} >= ${quantity})`;
/** The stock after `quantity` is taken; an untracked product's count is left as it is. */
export const takeUnits = (quantity: unknown) =>
  sql`case when ${products.trackInventory} then ${products.inventoryQuantity} - ${quantity} else ${products.inventoryQuantity} end`;
