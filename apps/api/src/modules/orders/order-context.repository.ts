import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { qualified } from '../../lib/qualified.js';
import { deliveryTerms, orders, products, stockHolds, users } from '../../db/schema/index.js';
import { liveSession } from '../accounts/session-lookup.js';
import { COD_HOLDER, holderSlots, type Placer } from './stock-holds.repository.js';

// What an order reads before it takes stock, prepared once per database.

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
  // The store's delivery terms that go into the total (a left join: null without settings).
  deliveryCharge: deliveryTerms.deliveryCharge,
  freeDeliveryFrom: deliveryTerms.freeDeliveryFrom,
};
type ProductColumn = Exclude<keyof typeof pricedColumns, 'deliveryCharge' | 'freeDeliveryFrom'>;
export type PricedProductRow = { [K in ProductColumn]: (typeof products.$inferSelect)[K] } & {
  deliveryCharge: number | null;
  freeDeliveryFrom: number | null;
};

const productColumns = {
  ...pricedColumns,
  productName: products.prdctName,
  brand: products.brand,
  model: products.model,
  size: products.size,
  media: products.media,
};

/** Everything an order needs to know before it takes stock, in one round trip (see findOrderContext). */
function prepareOrderContext(db: Database) {
  // The caller's live session when the auth hook left it to this read (plugins/auth.ts,
  // `sessionInRoute`): one round trip fewer for a signed-in buyer. A null token matches nothing.
  const caller = liveSession(db, sql.placeholder('tokenHash'), sql.placeholder('now')).as('caller');
  // What the placing account holds: the account named, else the session's.
  const userHolder = sql`coalesce(${sql.placeholder('userHolder')}::text, 'user:' || ${caller.id})`;
  return db
    .select({
      ...productColumns,
      caller: {
        sessionId: caller.sessionId,
        id: caller.id,
        email: caller.email,
        ownerName: caller.ownerName,
        role: caller.role,
        isActive: caller.isActive,
        isBrand: caller.isBrand,
        mustChangePassword: caller.mustChangePassword,
        language: caller.language,
        rights: caller.rights,
      },
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
          where ${stockHolds.holder} in (${sql.placeholder('deviceHolder')}, ${userHolder})
          and ${stockHolds.productId} = '')`,
      heldUnits: sql<number | null>`(select max(${stockHolds.units}) from ${stockHolds}
          where ${stockHolds.holder} in (${sql.placeholder('deviceHolder')}, ${userHolder})
          and ${stockHolds.productId} = ${qualified(products.id)})`,
      heldAddressOrders: sql<number | null>`(select ${stockHolds.orders} from ${stockHolds}
          where ${stockHolds.holder} = ${sql.placeholder('ipHolder')} and ${stockHolds.productId} = '')`,
      heldAddressUnits: sql<number | null>`(select ${stockHolds.units} from ${stockHolds}
          where ${stockHolds.holder} = ${sql.placeholder('ipHolder')}
          and ${stockHolds.productId} = ${qualified(products.id)})`,
      // Units of this product in cash-on-delivery orders waiting for their seller (issue 40).
      codWaitingUnits: sql<number | null>`(select ${stockHolds.units} from ${stockHolds}
          where ${stockHolds.holder} = ${COD_HOLDER} and ${stockHolds.productId} = ${qualified(products.id)})`,
      // The store's cash-on-delivery terms (decision 032), beside its delivery terms above.
      codEnabled: deliveryTerms.codEnabled,
      codMaxAmount: deliveryTerms.codMaxAmount,
      codAcceptHours: deliveryTerms.codAcceptHours,
      codMaxUnitsPerOrder: deliveryTerms.codMaxUnitsPerOrder,
      codMaxWaitingUnits: deliveryTerms.codMaxWaitingUnits,
    })
    .from(products)
    .leftJoin(deliveryTerms, eq(deliveryTerms.sellerUserId, products.userId))
    .leftJoinLateral(caller, sql`true`)
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('orders_context');
}

/**
 * The reads of every order, prepared once per database: building these queries with Drizzle
 * on every request cost more than running them (the products module found the same).
 */
function prepareOrderReads(db: Database) {
  return {
    pricedProduct: db
      .select(productColumns)
      .from(products)
      .leftJoin(deliveryTerms, eq(deliveryTerms.sellerUserId, products.userId))
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1)
      .prepare('orders_priced_product'),
    orderContext: prepareOrderContext(db),
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
    /** The caller's session token hash, when the auth hook left its lookup to this read. */
    sessionTokenHash?: string | undefined;
  },
) {
  const { deviceHolder, ipHolder, userHolder } = holderSlots(q.placedBy);
  return reads(db)
    .orderContext.execute({
      tokenHash: q.sessionTokenHash ?? null,
      now: new Date(),
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

export function findPricedProduct(db: Database, id: string) {
  return reads(db)
    .pricedProduct.execute({ id })
    .then((r) => r[0]);
}

export function findOrderByIdempotencyKey(db: Database, key: string) {
  return reads(db)
    .orderByIdempotencyKey.execute({ key })
    .then((r) => r[0]);
}

export function findUserByEmailOrMobile(db: Database, email: string, mobile: string) {
  return reads(db).userByContact.execute({ email, mobile });
}

/** The product an order is for, with everything read with it (findOrderContext). */
export type OrderContextRow = NonNullable<Awaited<ReturnType<typeof findOrderContext>>>;
