import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { gstinRequests, legalEntityMembers, products, shops, users } from '../../db/schema/index.js';
import { qualified } from '../../lib/qualified.js';

// The seller's tax details (columns of their store rows) and the GSTINs they gave, waiting for or
// decided by an admin (decision 069).

/**
 * Serialises what one seller's tax details, one GSTIN and the legal entities go through, for the
 * rest of the transaction. Always taken in this order: seller, GSTIN, entities.
 */
export async function lockSeller(tx: Database, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-details:${userId}`}))`);
}
export async function lockGstin(tx: Database, gstin: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gstin:${gstin}`}))`);
}
export async function lockLegalEntities(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('legal-entities'))`);
}

export function findTaxDetails(db: Database, userId: string) {
  return db
    .select({
      legalName: shops.legalName,
      legalAddress: shops.legalAddress,
      gstStateCode: shops.gstStateCode,
      gstin: shops.gstin,
      pan: shops.pan,
      companyName: shops.companyName,
      address: shops.address,
      city: shops.city,
      state: shops.state,
      pinCode: shops.pinCode,
      productsWithoutHsn: sql<number>`(select count(*)::int from ${products}
        where ${products.userId} = ${userId} and ${products.isActive} and ${products.hsnCode} = '')`,
    })
    .from(shops)
    .where(eq(shops.userId, userId))
    .orderBy(asc(shops.createdAt))
    .limit(1)
    .then((r) => r[0]);
}

/** The GSTIN the seller gave last, whatever became of it; nothing when they never gave one. */
export function findLatestGstinRequest(db: Database, userId: string) {
  return db
    .select({
      state: gstinRequests.state,
      gstin: gstinRequests.gstin,
      pan: gstinRequests.pan,
      reason: gstinRequests.reason,
      requestedAt: gstinRequests.requestedAt,
      decidedAt: gstinRequests.decidedAt,
    })
    .from(gstinRequests)
    .where(eq(gstinRequests.sellerUserId, userId))
    .orderBy(desc(gstinRequests.requestedAt), desc(gstinRequests.id))
    .limit(1)
    .then((r) => r[0]);
}

/** The legal name, address and state on every store of the seller; answers false when they have none. */
export async function updateStoreTaxDetails(
  tx: Database,
  userId: string,
  d: { legalName: string; legalAddress: string; gstStateCode: string; gstin?: string; pan?: string },
): Promise<boolean> {
  const updated = await tx.update(shops).set(d).where(eq(shops.userId, userId)).returning({ id: shops.id });
  return updated.length > 0;
}

/** Takes the GSTIN off every store of the seller: their documents are bills of supply until one is approved. */
export function clearGstin(tx: Database, userId: string) {
  return tx.update(shops).set({ gstin: '' }).where(eq(shops.userId, userId));
}

/** True when the holder's account is linked with `userId`'s as one legal entity. */
const sameEntity = (userId: string, holder: SQL) =>
  sql`exists (select 1 from ${legalEntityMembers} mine
    join ${legalEntityMembers} theirs on theirs.entity_id = mine.entity_id
    where mine.seller_user_id = ${userId} and theirs.seller_user_id = ${holder})`;

/**
 * Another seller account that holds the GSTIN (its documents print it) and is not linked with
 * `userId`'s as one legal entity; with `pendingToo`, one that asked for it and waits counts too.
 * Nothing when the GSTIN is free for this seller.
 */
export async function findOtherHolder(
  tx: Database,
  userId: string,
  gstin: string,
  { pendingToo }: { pendingToo: boolean },
): Promise<string | undefined> {
  // Only a seller's store counts: an applicant's typed GSTIN claims nothing until the admin
  // approves the application, which checks it then (admin.service approve).
  const [approved] = await tx
    .select({ userId: shops.userId })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(
      and(
        eq(shops.gstin, gstin),
        ne(shops.userId, userId),
        eq(users.role, 'SELLER'),
        sql`not ${sameEntity(userId, qualified(shops.userId))}`,
      ),
    )
    .limit(1);
  if (approved || !pendingToo) return approved?.userId;
  const [pending] = await tx
    .select({ userId: gstinRequests.sellerUserId })
    .from(gstinRequests)
    .where(
      and(
        eq(gstinRequests.gstin, gstin),
        eq(gstinRequests.state, 'PENDING'),
        ne(gstinRequests.sellerUserId, userId),
        sql`not ${sameEntity(userId, qualified(gstinRequests.sellerUserId))}`,
      ),
    )
    .limit(1);
  return pending?.userId;
}

/** The seller's GSTIN waiting for the admin, if any. */
export function findPendingRequest(tx: Database, userId: string) {
  return tx
    .select({ id: gstinRequests.id, gstin: gstinRequests.gstin, pan: gstinRequests.pan })
    .from(gstinRequests)
    .where(and(eq(gstinRequests.sellerUserId, userId), eq(gstinRequests.state, 'PENDING')))
    .limit(1)
    .then((r) => r[0]);
}

/** The seller gave another GSTIN, the approved one or none: the one waiting is no longer asked for. */
export function withdrawPendingRequest(tx: Database, userId: string) {
  return tx
    .update(gstinRequests)
    .set({ state: 'WITHDRAWN', decidedAt: new Date() })
    .where(and(eq(gstinRequests.sellerUserId, userId), eq(gstinRequests.state, 'PENDING')));
}

export function insertPendingRequest(tx: Database, userId: string, gstin: string, pan: string) {
  return tx.insert(gstinRequests).values({ sellerUserId: userId, gstin, pan });
}
