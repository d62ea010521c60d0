import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { gstinRequests, legalEntityMembers, shops, users } from '../../db/schema/index.js';

// The admin's queries over sellers' GSTINs and the accounts linked as one legal entity (decision 069).

/** The GSTINs waiting for the admin, oldest first, with their seller. */
export function listPendingRequests(db: Database) {
  return db
    .select({
      id: gstinRequests.id,
      sellerUserId: gstinRequests.sellerUserId,
      sellerName: users.ownerName,
      gstin: gstinRequests.gstin,
      pan: gstinRequests.pan,
      requestedAt: gstinRequests.requestedAt,
    })
    .from(gstinRequests)
    .innerJoin(users, eq(users.id, gstinRequests.sellerUserId))
    .where(and(eq(gstinRequests.state, 'PENDING'), isNull(users.deletedAt)))
    .orderBy(asc(gstinRequests.requestedAt), asc(gstinRequests.id));
}

/** The stores of these sellers, oldest first: a seller's first store stands for them. */
export function storesOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: shops.userId,
      name: shops.name,
      state: shops.state,
      legalName: shops.legalName,
      companyName: shops.companyName,
      gstin: shops.gstin,
    })
    .from(shops)
    .where(inArray(shops.userId, userIds))
    .orderBy(asc(shops.createdAt));
}

/** Every account linked as one legal entity with one of these sellers (the sellers included). */
export function entityMatesOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ entityId: legalEntityMembers.entityId, sellerUserId: legalEntityMembers.sellerUserId })
    .from(legalEntityMembers)
    .where(
      inArray(
        legalEntityMembers.entityId,
        db
          .select({ entityId: legalEntityMembers.entityId })
          .from(legalEntityMembers)
          .where(inArray(legalEntityMembers.sellerUserId, userIds)),
      ),
    );
}

/** Who holds (on their store) or asks for (pending) each of these GSTINs. */
export function holdersOf(db: Database, gstins: string[]) {
  if (gstins.length === 0) return Promise.resolve([]);
  return (
    db
      .select({ userId: shops.userId, gstin: shops.gstin })
      .from(shops)
      // Sellers' stores only: an applicant's typed GSTIN claims nothing (decision 069).
      .innerJoin(users, and(eq(users.id, shops.userId), eq(users.role, 'SELLER')))
      .where(inArray(shops.gstin, gstins))
      .union(
        db
          .select({ userId: gstinRequests.sellerUserId, gstin: gstinRequests.gstin })
          .from(gstinRequests)
          .where(and(eq(gstinRequests.state, 'PENDING'), inArray(gstinRequests.gstin, gstins))),
      )
  );
}

export function findRequest(db: Database, id: string) {
  return db
    .select({
      id: gstinRequests.id,
      sellerUserId: gstinRequests.sellerUserId,
      gstin: gstinRequests.gstin,
      pan: gstinRequests.pan,
      state: gstinRequests.state,
    })
    .from(gstinRequests)
    .where(eq(gstinRequests.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function decideRequest(
  tx: Database,
  id: string,
  decision: {
    state: 'APPROVED' | 'REFUSED';
    reason: string;
    decidedById: string;
    decidedByName: string;
  },
) {
  return tx
    .update(gstinRequests)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(gstinRequests.id, id), eq(gstinRequests.state, 'PENDING')))
    .returning({ id: gstinRequests.id })
    .then((r) => r.length > 0);
}

/** The approved GSTIN goes on every store of the seller, with its PAN: documents print it from now. */
export function setApprovedGstin(tx: Database, userId: string, gstin: string, pan: string) {
  return tx.update(shops).set({ gstin, pan }).where(eq(shops.userId, userId));
}

/** Seller accounts still open, by name: what the admin links. */
export function listSellerAccounts(db: Database) {
  return db
    .select({ id: users.id, name: users.ownerName })
    .from(users)
    .where(and(eq(users.role, 'SELLER'), isNull(users.deletedAt)))
    .orderBy(asc(users.ownerName), asc(users.id));
}

export function listEntityMembers(db: Database) {
  return db
    .select({ entityId: legalEntityMembers.entityId, sellerUserId: legalEntityMembers.sellerUserId })
    .from(legalEntityMembers)
    .orderBy(asc(legalEntityMembers.linkedAt), asc(legalEntityMembers.sellerUserId));
}

export function isOpenSeller(tx: Database, userId: string) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'SELLER'), isNull(users.deletedAt)))
    .limit(1)
    .then((r) => r.length > 0);
}

export function entityOf(tx: Database, userId: string) {
  return tx
    .select({ entityId: legalEntityMembers.entityId })
    .from(legalEntityMembers)
    .where(eq(legalEntityMembers.sellerUserId, userId))
    .limit(1)
    .then((r) => r[0]?.entityId);
}

export function addMember(tx: Database, userId: string, entityId: string, linkedById: string) {
  return tx.insert(legalEntityMembers).values({ sellerUserId: userId, entityId, linkedById });
}

/** Every account of entity `from` joins entity `into`. */
export function mergeEntities(tx: Database, from: string, into: string) {
  return tx.update(legalEntityMembers).set({ entityId: into }).where(eq(legalEntityMembers.entityId, from));
}

/** Takes the account out of its entity; an entity left with one account is no entity and goes too. */
export async function removeMember(tx: Database, userId: string, entityId: string) {
  await tx.delete(legalEntityMembers).where(eq(legalEntityMembers.sellerUserId, userId));
  await tx.execute(sql`delete from ${legalEntityMembers} where ${legalEntityMembers.entityId} = ${entityId}
    and (select count(*) from ${legalEntityMembers} where ${legalEntityMembers.entityId} = ${entityId}) = 1`);
}

/**
 * A GSTIN the account holds or asks for that another account of its entity holds or asks for too:
 * what keeps the two linked.
 */
export function sharedGstinOf(tx: Database, userId: string, entityId: string) {
  const mates = sql`(select seller_user_id from ${legalEntityMembers}
    where entity_id = ${entityId} and seller_user_id <> ${userId})`;
  const own = sql`(select gstin from ${shops} where user_id = ${userId} and gstin <> ''
    union select gstin from ${gstinRequests} where seller_user_id = ${userId} and state = 'PENDING')`;
  return tx
    .select({ gstin: shops.gstin })
    .from(shops)
    .where(and(sql`${shops.userId} in ${mates}`, sql`${shops.gstin} in ${own}`))
    .union(
      tx
        .select({ gstin: gstinRequests.gstin })
        .from(gstinRequests)
        .where(
          and(
            eq(gstinRequests.state, 'PENDING'),
            ne(gstinRequests.sellerUserId, userId),
            sql`${gstinRequests.sellerUserId} in ${mates}`,
            sql`${gstinRequests.gstin} in ${own}`,
          ),
        ),
    )
    .limit(1)
    .then((r) => r[0]?.gstin);
}

export function namesOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select({ id: users.id, name: users.ownerName }).from(users).where(inArray(users.id, userIds));
}
