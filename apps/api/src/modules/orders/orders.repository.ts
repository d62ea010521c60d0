import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { isIPv4 } from 'node:net';
import {
  orderNumberOf,
  type FulfilmentState,
  type HoldLimits,
  type PaymentMethod,
  type PaymentState,
  type SellerOrderState,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { notNullViolation, uniqueViolation } from '../../lib/db-errors.js';
import { qualified } from '../../lib/qualified.js';
import { recordEvent, type OrderEventPayload } from '../../lib/domain-events.js';
import {
  deliveryTerms,
  orders,
  payments,
  products,
  shops,
  stockHolds,
  users,
  webhookEvents,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Thrown inside the order transaction to roll the stock back; never leaves the service. */
export class StockRefused extends Error {}

/** Unpaid states in which an order still holds its stock (a failed attempt can be retried). */
export const AWAITING_PAYMENT: PaymentState[] = ['CREATED', 'FAILED', 'CANCELLED'];
export class DuplicateIdempotencyKey extends Error {}

const pricedColumns = {
  id: products.id,
  userId: products.userId,
  isActive: products.isActive,
  dsctPrice: products.dsctPrice,
  retailDsctPrice: products.retailDsctPrice,
  retailOriginalPrice: products.retailOriginalPrice,
  originalPrice: products.originalPrice,
  minOrderQuantity: products.minOrderQuantity,
  sampleCharge: products.sampleCharge,
  sampleQty: products.sampleQty,
  inventoryQuantity: products.inventoryQuantity,
  trackInventory: products.trackInventory,
};
export type PricedProductRow = { [K in keyof typeof pricedColumns]: (typeof products.$inferSelect)[K] };

const productColumns = {
  ...pricedColumns,
  productName: products.prdctName,
  brand: products.brand,
  model: products.model,
  size: products.size,
  media: products.media,
};

/**
 * The reads of every order, prepared once per database: building these queries with Drizzle
 * on every request cost more than running them (the products module found the same).
 */
function prepareOrderReads(db: Database) {
  return {
    pricedProduct: db
      .select(productColumns)
      .from(products)
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1)
      .prepare('orders_priced_product'),
    // Everything an order needs to know before it takes stock, in one round trip (see orderContext).
    orderContext: db
      .select({
        ...productColumns,
        earlierOrderId: sql<string | null>`(select ${orders.id} from ${orders}
          where ${orders.idempotencyKey} = ${sql.placeholder('key')})`,
        contactUserId: sql<string | null>`(select ${users.id} from ${users}
          where ${users.email} = ${sql.placeholder('email')} or ${users.mobile} = ${sql.placeholder('mobile')}
          order by ${users.email} = ${sql.placeholder('email')} desc limit 1)`,
        // The referrer a number validated at checkout names: the look-up's rule (isEligibleReferrer).
        referrerUserId: sql<string | null>`(select ${users.id} from ${users}
          where ${users.mobile} = ${sql.placeholder('referrerMobile')} and ${users.contactVerifiedAt} is not null
          and ${users.isActive} and ${users.deletedAt} is null and ${users.role} not in ('ADMIN', 'TEAM') limit 1)`,
        // The referrer a /refer link named (influencerDetails._id): an active account, else nobody.
        linkReferrerUserId: sql<string | null>`(select ${users.id} from ${users}
          where ${users.id} = ${sql.placeholder('linkReferrerId')} and ${users.isActive}
          and ${users.deletedAt} is null limit 1)`,
        // What the placing device and account already hold unpaid (decision 019): the most
        // orders of either on all products, the most units of either on this one; and the
        // placing address's, which has a crowd's caps (issue 40).
        heldOrders: sql<number | null>`(select max(${stockHolds.orders}) from ${stockHolds}
          where ${stockHolds.holder} in (${sql.placeholder('deviceHolder')}, ${sql.placeholder('userHolder')})
          and ${stockHolds.productId} = '')`,
        heldUnits: sql<number | null>`(select max(${stockHolds.units}) from ${stockHolds}
          where ${stockHolds.holder} in (${sql.placeholder('deviceHolder')}, ${sql.placeholder('userHolder')})
          and ${stockHolds.productId} = ${qualified(products.id)})`,
        heldAddressOrders: sql<number | null>`(select ${stockHolds.orders} from ${stockHolds}
          where ${stockHolds.holder} = ${sql.placeholder('ipHolder')} and ${stockHolds.productId} = '')`,
        heldAddressUnits: sql<number | null>`(select ${stockHolds.units} from ${stockHolds}
          where ${stockHolds.holder} = ${sql.placeholder('ipHolder')}
          and ${stockHolds.productId} = ${qualified(products.id)})`,
        // Units of this product in cash-on-delivery orders waiting for their seller (issue 40).
        codWaitingUnits: sql<number | null>`(select ${stockHolds.units} from ${stockHolds}
          where ${stockHolds.holder} = ${COD_HOLDER} and ${stockHolds.productId} = ${qualified(products.id)})`,
        // The store's delivery and cash-on-delivery terms (decision 032); null without settings.
        deliveryCharge: deliveryTerms.deliveryCharge,
        freeDeliveryFrom: deliveryTerms.freeDeliveryFrom,
        codEnabled: deliveryTerms.codEnabled,
        codMaxAmount: deliveryTerms.codMaxAmount,
        codAcceptHours: deliveryTerms.codAcceptHours,
        codMaxUnitsPerOrder: deliveryTerms.codMaxUnitsPerOrder,
        codMaxWaitingUnits: deliveryTerms.codMaxWaitingUnits,
      })
      .from(products)
      .leftJoin(deliveryTerms, eq(deliveryTerms.sellerUserId, products.userId))
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1)
      .prepare('orders_context'),
    userByContact: db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(or(eq(users.email, sql.placeholder('email')), eq(users.mobile, sql.placeholder('mobile'))))
      .limit(2)
      .prepare('orders_user_by_contact'),
    orderByIdempotencyKey: db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, sql.placeholder('key')))
      .limit(1)
      .prepare('orders_by_idempotency_key'),
  };
}
const orderReads = new WeakMap<Database, ReturnType<typeof prepareOrderReads>>();
function reads(db: Database) {
  let prepared = orderReads.get(db);
  if (!prepared) {
    prepared = prepareOrderReads(db);
    orderReads.set(db, prepared);
  }
  return prepared;
}

/**
 * The product with its prices, plus, in the same statement, the order an idempotency key already
 * made, the account of a buyer's e-mail or mobile (the e-mail's first), the account of a
 * referrer's mobile and what the placing address and account hold unpaid. Nothing when the product
 * does not exist. A null key, contact, referrer or holder matches nothing. Six look-ups in one
 * round trip: on a busy machine every round trip to the database costs more than the look-up itself.
 */
export function findOrderContext(
  db: Database,
  q: {
    productId: string;
    idempotencyKey?: string | undefined;
    email?: string;
    mobile?: string;
    referrerMobile?: string | undefined;
    /** influencerDetails._id: the account a /refer link named. */
    linkReferrerId?: string | undefined;
    placedBy?: Placer | undefined;
  },
) {
  const { deviceHolder, ipHolder, userHolder } = holderSlots(q.placedBy);
  return reads(db)
    .orderContext.execute({
      id: q.productId,
      key: q.idempotencyKey ?? null,
      email: q.email ?? null,
      mobile: q.mobile ?? null,
      referrerMobile: q.referrerMobile ?? null,
      linkReferrerId: q.linkReferrerId ?? null,
      deviceHolder,
      ipHolder,
      userHolder,
    })
    .then((r) => r[0]);
}

// ---------------------------------------------------------------------------------------------
// Stock holds (decision 019).

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
const ADDRESS_HOLDER_PATTERN = 'ip:%';

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

export function findPricedProduct(db: Database, id: string) {
  return reads(db)
    .pricedProduct.execute({ id })
    .then((r) => r[0]);
}

/** Enough units for `quantity`: always on a product that does not count its stock (decision 022). */
const hasUnits = (quantity: unknown) =>
  sql`(not ${products.trackInventory} or ${products.inventoryQuantity} >= ${quantity})`;
/** The stock after `quantity` is taken; an untracked product's count is left as it is. */
const takeUnits = (quantity: unknown) =>
  sql`case when ${products.trackInventory} then ${products.inventoryQuantity} - ${quantity} else ${products.inventoryQuantity} end`;

/** What an order's price is computed from (with `isActive`, which decides whether it sells). */
const PRICE_INPUTS = [
  'isActive',
  'dsctPrice',
  'retailDsctPrice',
  'retailOriginalPrice',
  'originalPrice',
  'minOrderQuantity',
  'sampleCharge',
  'sampleQty',
] as const;

/**
 * The one write that takes stock, as ONE statement: a data-modifying CTE lowers the stock only
 * while enough is left and the product still has the prices the order was priced with, and the
 * order row takes its seller from that CTE. An untracked product (decision 022) passes the stock
 * test and keeps its count; the order records that it took nothing (stock_counted). No row taken means a NULL seller, which the NOT NULL
 * constraint refuses, so the whole statement (stock included) is undone: StockRefused.
 *
 * Why not BEGIN / UPDATE / INSERT / COMMIT: that holds the product's row lock across three round
 * trips to a busy event loop, and every other order for the product queues behind it (the order
 * bench measured 170 orders/s that way). One statement holds the lock only while PostgreSQL runs it.
 * Concurrent orders still queue on the row and re-check the stock on its newest version, so none
 * oversells. A repeated idempotency key fails the unique index and undoes the statement as well.
 */
export async function insertOrderTakingStock(
  db: Database,
  pricedWith: PricedProductRow,
  quantity: number,
  values: OrderValues,
  hold?: OrderHold,
): Promise<OrderRow> {
  const unchanged = Object.fromEntries(PRICE_INPUTS.map((column) => [`was_${column}`, pricedWith[column]]));
  const { deviceHolder, ipHolder, userHolder } = holderSlots(hold?.placedBy);
  const holders = [deviceHolder, ipHolder, userHolder].filter(Boolean).length;
  const cod = hold?.codMaxWaitingUnits !== undefined;
  try {
    const [row] = await takeStock(db).execute({
      ...values,
      ...unchanged,
      productId: pricedWith.id,
      quantity,
      holdExpiresAt: hold?.expiresAt.toISOString() ?? null,
      clientIp: hold?.placedBy.clientIp ?? null,
      clientDevice: hold?.placedBy.deviceId ?? null,
      codHolder: cod ? COD_HOLDER : null,
      deviceHolder,
      ipHolder,
      userHolder,
      // Two rows per holder: its count on all products and on this one; one for waiting COD units.
      holdRows: holders * 2 + (cod ? 1 : 0),
      maxOrders: hold?.limits.orders ?? 0,
      maxUnits: hold?.capUnits ? hold.limits.unitsPerProduct : 2_147_483_647,
      maxAddressOrders: hold?.addressLimits.orders ?? 0,
      maxAddressUnits: hold?.capUnits ? hold.addressLimits.unitsPerProduct : 2_147_483_647,
      codMaxUnits: hold?.codMaxWaitingUnits ?? 0,
    });
    if (!row) throw new StockRefused('no row');
    return row;
  } catch (error) {
    if (notNullViolation(error) === 'seller_user_id') throw new StockRefused('stock');
    if (uniqueViolation(error) === 'orders_idempotency_key') throw new DuplicateIdempotencyKey();
    throw error;
  }
}

/** Everything an order is written with but its product, quantity and seller. */
export type OrderValues = Required<
  Pick<
    NewOrder,
    | 'id'
    | 'provider'
    | 'paymentSessionId'
    | 'buyerUserId'
    | 'source'
    | 'channel'
    | 'sample'
    | 'unitPrice'
    | 'amount'
    | 'address'
    | 'paymentState'
    | 'idempotencyKey'
    | 'requestHash'
    | 'referrerUserId'
    | 'referrerContact'
    | 'referrerReward'
    | 'referralVia'
    | 'mentionInfId'
    | 'mentionPostId'
    | 'bookingCode'
    | 'buyerGstin'
    | 'placedByUserId'
    | 'buyerConfirmed'
    | 'paymentMethod'
    | 'deliveryCharge'
  >
>;
const ORDER_VALUE_KEYS: ReadonlyArray<keyof OrderValues> = [
  'id',
  'provider',
  'paymentSessionId',
  'buyerUserId',
  'source',
  'channel',
  'sample',
  'unitPrice',
  'amount',
  'address',
  'paymentState',
  'idempotencyKey',
  'requestHash',
  'referrerUserId',
  'referrerContact',
  'referrerReward',
  'referralVia',
  'mentionInfId',
  'mentionPostId',
  'bookingCode',
  'buyerGstin',
  'placedByUserId',
  'buyerConfirmed',
  'paymentMethod',
  'deliveryCharge',
];

/**
 * The statement of insertOrderTakingStock, prepared once per database (see prepareOrderReads).
 * `held` adds the order to its holders' stock_holds rows, each only within its cap (orders on all
 * products, units on this one); a refused row is left out of its answer, and then `taken` takes no
 * stock, so the statement fails like a sold-out product and undoes the counts too. An order that
 * needs no payment has no holders and expects no rows.
 */
function prepareTakeStock(db: Database) {
  const cod = sql`${sql.placeholder('codHolder')}::text`;
  const device = sql`${sql.placeholder('deviceHolder')}::text`;
  const ip = sql`${sql.placeholder('ipHolder')}::text`;
  const user = sql`${sql.placeholder('userHolder')}::text`;
  const product = sql`${sql.placeholder('productId')}::text`;
  const quantity = sql`${sql.placeholder('quantity')}::int`;
  // The waiting cash-on-delivery units of the product have the seller's cap, an address a crowd's,
  // a device's and an account's theirs.
  const unitCap = (holder: SQL) =>
    sql`case when ${holder} = ${COD_HOLDER} then ${sql.placeholder('codMaxUnits')}::int
      when ${holder} like ${ADDRESS_HOLDER_PATTERN} then ${sql.placeholder('maxAddressUnits')}::int
      else ${sql.placeholder('maxUnits')}::int end`;
  const orderCap = (holder: SQL) =>
    sql`case when ${holder} like ${ADDRESS_HOLDER_PATTERN} then ${sql.placeholder('maxAddressOrders')}::int
      else ${sql.placeholder('maxOrders')}::int end`;
  const held = db.$with('held', { holder: sql<string>`holder` }).as(
    sql`insert into ${stockHolds} as h (holder, product_id, orders, units)
      select v.holder, v.product_id, 1, ${quantity}
      from (values (${cod}, ${product}), (${device}, ''), (${device}, ${product}), (${ip}, ''), (${ip}, ${product}),
        (${user}, ''), (${user}, ${product})) as v(holder, product_id)
      where v.holder is not null and (v.product_id = '' or ${quantity} <= ${unitCap(sql`v.holder`)})
      on conflict (holder, product_id) do update
        set orders = h.orders + 1, units = h.units + excluded.units
        where (excluded.product_id = '' and h.orders < ${orderCap(sql`excluded.holder`)})
          or (excluded.product_id <> '' and h.units + excluded.units <= ${unitCap(sql`excluded.holder`)})
      returning h.holder`,
  );
  const taken = db.$with('taken').as(
    db
      .update(products)
      .set({ inventoryQuantity: takeUnits(sql.placeholder('quantity')) })
      .where(
        and(
          eq(products.id, sql.placeholder('productId')),
          hasUnits(sql.placeholder('quantity')),
          ...PRICE_INPUTS.map((column) => eq(products[column], sql.placeholder(`was_${column}`))),
          sql`(select count(*) from ${held}) = ${sql.placeholder('holdRows')}::int`,
        ),
      )
      .returning({ userId: products.userId, counted: products.trackInventory }),
  );
  const placeholders = Object.fromEntries(ORDER_VALUE_KEYS.map((key) => [key, sql.placeholder(key)]));
  return db
    .with(held, taken)
    .insert(orders)
    .values({
      ...(placeholders as unknown as OrderValues),
      productId: sql.placeholder('productId'),
      quantity: sql.placeholder('quantity'),
      // Cast, not the column's own encoder, which cannot take the null of an order without a hold.
      holdExpiresAt: sql`${sql.placeholder('holdExpiresAt')}::timestamptz`,
      clientIp: sql.placeholder('clientIp'),
      clientDevice: sql.placeholder('clientDevice'),
      sellerUserId: sql`(select ${taken.userId} from ${taken})`,
      stockCounted: sql`coalesce((select ${taken.counted} from ${taken}), true)`,
    })
    .returning()
    .prepare('orders_take_stock');
}
const takeStockStatements = new WeakMap<Database, ReturnType<typeof prepareTakeStock>>();
function takeStock(db: Database) {
  let prepared = takeStockStatements.get(db);
  if (!prepared) {
    prepared = prepareTakeStock(db);
    takeStockStatements.set(db, prepared);
  }
  return prepared;
}

export function findOrderByIdempotencyKey(db: Database, key: string) {
  return reads(db)
    .orderByIdempotencyKey.execute({ key })
    .then((r) => r[0]);
}

/**
 * Orders of this provider still holding stock unpaid whose hold ended by `at`, the longest ended
 * first. The partial index orders_stock_holds_idx holds exactly these rows (migration 0017).
 */
export function findEndedHolds(db: Database, provider: 'simulator' | 'cashfree', at: Date, limit: number) {
  return db
    .select({ id: orders.id, holdExpiresAt: orders.holdExpiresAt })
    .from(orders)
    .where(
      and(
        eq(orders.stockHeld, true),
        inArray(orders.paymentState, AWAITING_PAYMENT),
        lte(orders.holdExpiresAt, at),
        eq(orders.provider, provider),
      ),
    )
    .orderBy(orders.holdExpiresAt)
    .limit(limit);
}
export function findOrderById(db: Database, id: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function setPaymentSession(
  db: Database,
  id: string,
  provider: 'simulator' | 'cashfree',
  sessionId: string,
) {
  return db.update(orders).set({ provider, paymentSessionId: sessionId }).where(eq(orders.id, id));
}

/**
 * Records the provider's confirmed payment, once: only the call that moves the order from an
 * unpaid state does anything, in one transaction. An order still holding its stock is PAID and its
 * hold leaves its holders' counts. One whose hold had ended takes the stock again if enough is
 * left (PAID), and otherwise is REFUND_DUE, without stock: never paid with stock it does not have.
 * Answers the new state, or nothing when already settled. (The referrer's reward is earned at
 * delivery, by the ledger's reaction to order.delivered: decision 033.)
 */
export async function settlePayment(
  db: Database,
  id: string,
  paidAt: Date,
): Promise<'PAID' | 'REFUND_DUE' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'PAID', paidAt })
      .where(and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT)))
      .returning();
    if (!row) return undefined;
    // Cancelled on purpose before the payment landed (decision 030): never fulfilled, money owed back.
    if (row.cancelledAt) {
      await tx.update(orders).set({ paymentState: 'REFUND_DUE' }).where(eq(orders.id, id));
      return 'REFUND_DUE';
    }
    if (row.stockHeld) {
      await subtractHold(tx, row);
    } else {
      // The same guard as placing an order (and the CHECK of migration 0007): stock never below zero.
      const [taken] = await tx
        .update(products)
        .set({ inventoryQuantity: takeUnits(row.quantity) })
        .where(and(eq(products.id, row.productId), hasUnits(row.quantity)))
        .returning({ counted: products.trackInventory });
      if (!taken) {
        await tx.update(orders).set({ paymentState: 'REFUND_DUE' }).where(eq(orders.id, id));
        return 'REFUND_DUE';
      }
      await tx.update(orders).set({ stockHeld: true, stockCounted: taken.counted }).where(eq(orders.id, id));
    }
    await recordOrderEvent(tx, 'order.paid', row);
    return 'PAID';
  });
}

/**
 * Records what happened to an order, in the transaction that made it so: the buyer is told
 * (through notifications) and the money reactions (ledgers, rewards, tax documents) run. An order
 * made with someone's contact that they have not confirmed is not theirs yet (decision 020): it
 * is recorded, but they are told nothing about it.
 */
export async function recordOrderEvent(
  tx: Database,
  type: 'order.paid' | 'order.accepted' | 'order.dispatched' | 'order.delivered' | 'order.link-requested',
  order: OrderRow,
) {
  await recordEvent(tx, { type, payload: await orderEventPayload(tx, order) });
}

/**
 * Records a new order that does not wait for an online payment, in the transaction that places
 * it (see the order.placed event).
 */
export async function recordOrderPlaced(tx: Database, order: OrderRow) {
  await recordEvent(tx, {
    type: 'order.placed',
    payload: {
      ...(await orderEventPayload(tx, order)),
      awaitingPayment: AWAITING_PAYMENT.includes(order.paymentState),
      codAcceptBy:
        order.paymentState === 'COD_PENDING' && order.holdExpiresAt
          ? order.holdExpiresAt.toISOString()
          : null,
    },
  });
}

/** The common part of every order event (see OrderEventPayload). */
export async function orderEventPayload(tx: Database, order: OrderRow): Promise<OrderEventPayload> {
  const [product] = await tx
    .select({
      name: products.prdctName,
      gstRate: products.gstRate,
      size: products.size,
      stock: products.inventoryQuantity,
      counted: products.trackInventory,
      // The seller's first store, else their own name: what the buyer's messages call the seller.
      storeName: sql<string | null>`coalesce(
        (select ${shops.name} from ${shops} where ${shops.userId} = ${order.sellerUserId} order by ${shops.createdAt} limit 1),
        (select ${users.ownerName} from ${users} where ${users.id} = ${order.sellerUserId}))`,
    })
    .from(products)
    .where(eq(products.id, order.productId))
    .limit(1);
  const a = order.address;
  return {
    orderId: order.id,
    recipientUserId: order.buyerUserId,
    notifyBuyer: order.buyerConfirmed,
    sellerUserId: order.sellerUserId,
    orderNumber: orderNumberOf(order.id),
    productName: product?.name ?? 'your order',
    amountPaise: order.amount * 100,
    gstRate: product?.gstRate ?? 0,
    paymentMethod:
      order.paymentMethod === 'COD' ? 'COD' : order.paymentState === 'NOT_REQUIRED' ? 'NONE' : 'ONLINE',
    referrerUserId: order.referrerUserId,
    referrerRewardPaise: order.referrerReward * 100,
    link: `/thankyou?order_id=${order.id}`,
    quantity: order.quantity,
    size: product?.size ?? '',
    storeName: product?.storeName ?? '',
    paid: order.paidAt !== null,
    stockLeft: product?.counted ? product.stock : null,
    checkout: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      // '' while the buyer has still to give it (an order placed "address needed").
      address: [a.houseNo, a.street, a.landmark, a.city, `${a.state} ${a.pinCode}`.trim(), a.country]
        .filter((part) => part.trim() !== '')
        .join(', '),
      email: a.email,
      mobile: a.mobile,
    },
  };
}

/** A failed or abandoned attempt; a paid order never goes back. */
export function markAttemptOutcome(db: Database, id: string, state: 'FAILED' | 'CANCELLED') {
  return db
    .update(orders)
    .set({ paymentState: state })
    .where(and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT)))
    .returning({ id: orders.id });
}

/**
 * The hold ended unpaid (its time ran out, or the buyer left the payment): the order is cancelled,
 * its stock goes back on sale and it leaves its holders' counts, once. The counts are changed
 * before the product row, as the order that takes stock does, so the two never deadlock.
 */
export async function releaseHold(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'CANCELLED', stockHeld: false })
      .where(
        and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, true)),
      )
      .returning({
        productId: orders.productId,
        quantity: orders.quantity,
        clientIp: orders.clientIp,
        clientDevice: orders.clientDevice,
        placedByUserId: orders.placedByUserId,
        stockCounted: orders.stockCounted,
        paymentMethod: orders.paymentMethod,
      });
    if (!row) return false;
    await subtractHold(tx, row);
    // Units go back only where they were taken from, and only to a stock that is still counted.
    if (row.stockCounted) {
      await tx
        .update(products)
        .set({ inventoryQuantity: sql`${products.inventoryQuantity} + ${row.quantity}` })
        .where(and(eq(products.id, row.productId), eq(products.trackInventory, true)));
    }
    return true;
  });
}

/** Records a webhook once; false when this event of this payment was seen before. */
export async function recordWebhookOnce(
  db: Database,
  event: { provider: 'simulator' | 'cashfree'; cfPaymentId: string; eventType: string; orderId: string },
) {
  const rows = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export async function upsertPayment(
  db: Database,
  payment: {
    orderId: string;
    provider: 'simulator' | 'cashfree';
    cfPaymentId: string;
    status: string;
    amount: string;
  },
) {
  await db
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({
      target: [payments.provider, payments.cfPaymentId],
      set: { status: payment.status, amount: payment.amount },
    });
}

/** Moves the order on, once; the buyer is told in the same transaction. */
export function updateFulfilment(
  db: Database,
  id: string,
  from: FulfilmentState,
  to: 'DISPATCHED' | 'DELIVERED',
  shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set(
        to === 'DISPATCHED' ? { fulfilment: to, ...shipment } : { fulfilment: to, deliveredAt: sql`now()` },
      )
      .where(and(eq(orders.id, id), eq(orders.fulfilment, from), isNull(orders.cancelledAt)))
      .returning();
    const [order] = moved;
    if (order?.fulfilment === 'DISPATCHED') {
      const payload = await orderEventPayload(tx, order);
      await recordEvent(tx, {
        type: 'order.dispatched',
        payload: {
          ...payload,
          ...(order.courier ? { courier: order.courier } : {}),
          ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
        },
      });
    } else if (order) await recordOrderEvent(tx, 'order.delivered', order);
    return moved.map((o) => ({ id: o.id }));
  });
}

/** The seller's and admin's order list filters: a state of SELLER_ORDER_STATES, the end of an order id. */
export interface OrderListFilter {
  state?: SellerOrderState | undefined;
  /** Lower-case hex (orderIdTailOf), so it holds no LIKE wildcard. */
  idTail?: string | undefined;
}

/** Paid, free or accepted for cash on delivery: ready to go out (a partly refunded order still goes, decision 030). */
const DISPATCHABLE: PaymentState[] = ['PAID', 'NOT_REQUIRED', 'COD_ACCEPTED', 'PARTIALLY_REFUNDED'];
const WITH_REFUND: PaymentState[] = ['REFUND_DUE', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/** Each state of SELLER_ORDER_STATES from the order's payment and delivery states. */
function stateCondition(state: SellerOrderState): SQL | undefined {
  const notCancelled = isNull(orders.cancelledAt);
  switch (state) {
    case 'unpaid':
      return and(inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, true), notCancelled);
    case 'to-accept':
      return and(eq(orders.paymentState, 'COD_PENDING'), notCancelled);
    case 'to-dispatch':
      return and(eq(orders.fulfilment, 'NEW'), inArray(orders.paymentState, DISPATCHABLE), notCancelled);
    case 'dispatched':
      return and(eq(orders.fulfilment, 'DISPATCHED'), notCancelled);
    case 'delivered':
      return eq(orders.fulfilment, 'DELIVERED');
    case 'cancelled':
      // On purpose, or an unpaid hold that ran out and gave its stock back.
      return or(
        isNotNull(orders.cancelledAt),
        and(inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, false)),
      );
    case 'refunded':
      return inArray(orders.paymentState, WITH_REFUND);
  }
}

function listFilterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  const state = filter.state ? stateCondition(filter.state) : undefined;
  if (state) conditions.push(state);
  if (filter.idTail) conditions.push(like(orders.id, `%${filter.idTail}`));
  return conditions;
}

const listColumns = {
  order: orders,
  productName: products.prdctName,
  brand: products.brand,
  model: products.model,
  size: products.size,
  media: products.media,
  buyerName: users.ownerName,
  // Who referred it, by name only (decision 055); null when nobody did.
  referrerName: sql<
    string | null
  >`(select r.owner_name from ${users} r where r.id = ${orders.referrerUserId})`,
};

function listOrders(db: Database, where: SQL | undefined, limit = 500) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>[number];

/** "My orders": an order made with the account's contact but not confirmed by its code is left out. */
export const ordersOfBuyer = (db: Database, buyerId: string) =>
  listOrders(db, sql`${eq(orders.buyerUserId, buyerId)} and ${orders.buyerConfirmed}`);
export const ordersOfSeller = (db: Database, sellerId: string, filter: OrderListFilter = {}) =>
  listOrders(db, and(eq(orders.sellerUserId, sellerId), ...listFilterConditions(filter)));
export const orderWithProduct = (db: Database, id: string) =>
  listOrders(db, eq(orders.id, id), 1).then((r) => r[0]);

export function allOrders(
  db: Database,
  filter: OrderListFilter & {
    paymentState?: PaymentState | undefined;
    fulfilment?: FulfilmentState | undefined;
    from?: Date;
    to?: Date;
  },
) {
  const conditions: SQL[] = listFilterConditions(filter);
  if (filter.paymentState) conditions.push(eq(orders.paymentState, filter.paymentState));
  if (filter.fulfilment) conditions.push(eq(orders.fulfilment, filter.fulfilment));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
  return listOrders(db, conditions.length > 0 ? and(...conditions) : undefined);
}

// ---------------------------------------------------------------------------------------------
// Buyers and referrers.

/** An account that has proven its contact (decision 013: unverified accounts count in no look-up). */
export function findUserByMobile(db: Database, mobile: string) {
  return db
    .select({
      id: users.id,
      ownerName: users.ownerName,
      role: users.role,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(and(eq(users.mobile, mobile), isNotNull(users.contactVerifiedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function findUserRole(db: Database, id: string) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      ownerName: users.ownerName,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function findUserByEmailOrMobile(db: Database, email: string, mobile: string) {
  return reads(db).userByContact.execute({ email, mobile });
}

/** A buyer account; nothing when the e-mail or mobile was taken meanwhile. */
export function insertBuyerIfAbsent(db: Database, user: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: users.id })
    .then((r) => r[0]);
}

export function forgetWebhook(
  db: Database,
  provider: 'simulator' | 'cashfree',
  cfPaymentId: string,
  eventType: string,
) {
  return db
    .delete(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, provider),
        eq(webhookEvents.cfPaymentId, cfPaymentId),
        eq(webhookEvents.eventType, eventType),
      ),
    );
}

/** The account's own contact, for a code that confirms an order made with it. */
export function findUserContact(db: Database, id: string) {
  return db
    .select({ id: users.id, email: users.email, mobile: users.mobile, language: users.language })
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
}
