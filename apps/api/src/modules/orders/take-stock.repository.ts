import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notNullViolation, uniqueViolation } from '../../lib/db-errors.js';
import { deliveryTerms, orders, products, stockHolds, users } from '../../db/schema/index.js';
import { perDatabase } from '../../lib/per-database.js';
import { pooledStatement } from '../../lib/pooled-statement.js';
import { qualified } from '../../lib/qualified.js';
import { sessionStillCarries, type SESSION_CARRIES, type SessionUser } from '../accounts/session-lookup.js';
import type { PricedProductRow } from './order-context.repository.js';
import type { NewOrder, OrderRow } from './orders.repository.js';
import { DECIDED_BY_THE_DATABASE, storedOrder, type Decided } from './stored-order.js';
import {
  ADDRESS_HOLDER_PATTERN,
  COD_HOLDER,
  hasUnits,
  holderSlots,
  takeUnits,
  type OrderHold,
} from './stock-holds.repository.js';

/** Thrown inside the order transaction to roll the stock back; never leaves the service. */
export class StockRefused extends Error {}
export class DuplicateIdempotencyKey extends Error {}

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
/** The store's terms that go into the total, read with the product: null without settings. */
const DELIVERY_INPUTS = ['deliveryCharge', 'freeDeliveryFrom'] as const;
/** The `was_*` parameters of the write, one per input above (insertOrderTakingStock writes them out). */
type WasParameters = Record<
  `was_${(typeof PRICE_INPUTS)[number] | (typeof DELIVERY_INPUTS)[number]}`,
  unknown
>;

/** The `caller_*` parameters of the write, one per column a session carries (sessionStillCarries). */
type CallerParameters = Record<`caller_${(typeof SESSION_CARRIES)[number]}`, unknown>;

/**
 * The one write that takes stock, as ONE statement: a data-modifying CTE lowers the stock only
 * while enough is left and the product still has the prices (and its store the delivery terms)
 * the order was priced with, and the order row takes its seller from that CTE. It key-shares the
 * buyer's and placer's accounts as foreign keys would, and so stands in for the order's keys on
 * them and on the product (migration 0067): it is the only statement that inserts orders. An
 * untracked product (decision 022) passes the stock test and keeps its count; the order records
 * that it took nothing (stock_counted). For a presumed caller (PresumedCaller) the stock is taken
 * only while the caller's session still carries what was read. No row taken: a NULL seller, which
 * the NOT NULL constraint refuses, so the whole statement (stock included) is undone: StockRefused.
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
  caller?: PresumedCaller,
): Promise<OrderRow> {
  const { deviceHolder, ipHolder, userHolder } = holderSlots(hold?.placedBy);
  const holders = [deviceHolder, ipHolder, userHolder].filter(Boolean).length;
  const cod = hold?.codMaxWaitingUnits !== undefined;
  try {
    // The statement's own parameters, then the order's values assigned in: spread first and then
    // followed by 25 more properties, the same object took 70 µs to build on Node 20 (a profile of
    // the order bench; 1.6 µs this way).
    const parameters = {
      // Written out, not built from the lists: the lists make a dictionary object.
      was_isActive: pricedWith.isActive,
      was_dsctPrice: pricedWith.dsctPrice,
      was_retailDsctPrice: pricedWith.retailDsctPrice,
      was_retailOriginalPrice: pricedWith.retailOriginalPrice,
      was_originalPrice: pricedWith.originalPrice,
      was_minOrderQuantity: pricedWith.minOrderQuantity,
      was_sampleCharge: pricedWith.sampleCharge,
      was_sampleQty: pricedWith.sampleQty,
      was_deliveryCharge: pricedWith.deliveryCharge,
      was_freeDeliveryFrom: pricedWith.freeDeliveryFrom,
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
      callerTokenHash: caller?.tokenHash ?? null,
      caller_sessionId: caller?.carries.sessionId ?? null,
      caller_id: caller?.carries.id ?? null,
      caller_email: caller?.carries.email ?? null,
      caller_ownerName: caller?.carries.ownerName ?? null,
      caller_role: caller?.carries.role ?? null,
      caller_isActive: caller?.carries.isActive ?? null,
      caller_isBrand: caller?.carries.isBrand ?? null,
      caller_mustChangePassword: caller?.carries.mustChangePassword ?? null,
      caller_language: caller?.carries.language ?? null,
      caller_rights: caller ? (caller.carries.rights ?? []) : null,
    } satisfies WasParameters & CallerParameters & Record<string, unknown>;
    const write = takeStock(db)[caller ? 'presumed' : 'plain'];
    const all = Object.assign(parameters, values);
    const [row] = write.pooled ? await write.pooled(all) : await write.prepared.execute(all);
    if (!row) throw new StockRefused('no row');
    return storedOrder(values, { productId: pricedWith.id, quantity, hold }, row);
  } catch (error) {
    if (notNullViolation(error) === 'seller_user_id') throw new StockRefused('stock');
    if (uniqueViolation(error) === 'orders_idempotency_key') throw new DuplicateIdempotencyKey();
    throw error;
  }
}

/**
 * The caller of an order placed for a session this process read earlier but does not trust now
 * (plugins/auth.ts `presumed`): the write goes ahead only while the session still carries exactly
 * this, checked in its own statement.
 */
export interface PresumedCaller {
  tokenHash: string;
  carries: SessionUser & { sessionId: string };
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
 * The statement of insertOrderTakingStock (takeStock prepares it once per database).
 * `held` adds the order to its holders' stock_holds rows, each only within its cap (orders on all
 * products, units on this one); a refused row is left out of its answer, and then `taken` takes no
 * stock, so the statement fails like a sold-out product and undoes the counts too. An order that
 * needs no payment has no holders and expects no rows.
 */
function takeStockQuery(db: Database, presumedCaller: boolean) {
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
  // The buyer's and placer's accounts, key-share locked as their foreign keys did (migration 0067):
  // neither can be deleted until the order commits, and without them no stock is taken.
  const buyer = sql`${sql.placeholder('buyerUserId')}::text`;
  const placer = sql`${sql.placeholder('placedByUserId')}::text`;
  const people = db
    .$with('people', { id: sql<string>`id` })
    .as(sql`select ${users.id} from ${users} where ${users.id} in (${buyer}, ${placer}) for key share`);
  const taken = db.$with('taken').as(
    db
      .update(products)
      .set({ inventoryQuantity: takeUnits(sql.placeholder('quantity')) })
      .where(
        and(
          eq(products.id, sql.placeholder('productId')),
          hasUnits(sql.placeholder('quantity')),
          ...PRICE_INPUTS.map((column) => eq(products[column], sql.placeholder(`was_${column}`))),
          ...DELIVERY_INPUTS.map(
            (column) => sql`(select ${deliveryTerms[column]} from ${deliveryTerms}
              where ${deliveryTerms.sellerUserId} = ${qualified(products.userId)})
              is not distinct from ${sql.placeholder(`was_${column}`)}::int`,
          ),
          sql`(select count(*) from ${held}) = ${sql.placeholder('holdRows')}::int`,
          sql`(select count(*) from ${people}) = case when ${placer} is null or ${placer} = ${buyer} then 1 else 2 end`,
          // A presumed caller (PresumedCaller): the session must still be exactly as it was read.
          presumedCaller
            ? sessionStillCarries(db, sql`${sql.placeholder('callerTokenHash')}::text`, (column) =>
                sql.placeholder(`caller_${column}`),
              )
            : undefined,
        ),
      )
      .returning({ userId: products.userId, counted: products.trackInventory }),
  );
  const placeholders = Object.fromEntries(ORDER_VALUE_KEYS.map((key) => [key, sql.placeholder(key)]));
  return db
    .with(held, people, taken)
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
    .returning(DECIDED_BY_THE_DATABASE);
}
/**
 * The write, prepared once per database, sent through the pool's own query where there is one. Two
 * statements: the check of a presumed caller, in the plan of every order, made each order lock and
 * set up three more tables and their indexes (a profile of PostgreSQL on the order bench).
 */
const takeStock = perDatabase((db) => ({
  plain: takeStockStatement(db, 'orders_take_stock', false),
  presumed: takeStockStatement(db, 'orders_take_stock_presumed', true),
}));
function takeStockStatement(db: Database, name: string, presumedCaller: boolean) {
  const query = takeStockQuery(db, presumedCaller);
  return {
    prepared: query.prepare(name),
    pooled: pooledStatement<Decided>(db, name, query, DECIDED_BY_THE_DATABASE),
  };
}
