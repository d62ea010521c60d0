import { and, desc, eq, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@app/domain';
import type { Database } from '../../db/client.js';
import { savedAddresses, users } from '../../db/schema/index.js';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

const columns = {
  id: savedAddresses.id,
  firstName: savedAddresses.firstName,
  lastName: savedAddresses.lastName,
  houseNo: savedAddresses.houseNo,
  street: savedAddresses.street,
  landmark: savedAddresses.landmark,
  city: savedAddresses.city,
  state: savedAddresses.state,
  country: savedAddresses.country,
  pinCode: savedAddresses.pinCode,
  mobile: savedAddresses.mobile,
  isDefault: savedAddresses.isDefault,
};
export type AddressRow = { [K in keyof typeof columns]: SavedAddressRow[K] };

const ofUser = (userId: string, id: string) =>
  and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id));

/** The default first, then the newest. */
export function listAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db
    .select(columns)
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id));
}

export function findDefaultAddress(db: Database, userId: string): Promise<AddressRow | undefined> {
  return db
    .select(columns)
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)))
    .limit(1)
    .then((r) => r[0]);
}

async function clearDefault(tx: Database, userId: string) {
  await tx
    .update(savedAddresses)
    .set({ isDefault: false })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
}

/**
 * Adds an address, unless the account already keeps `max`: the default when asked, or when it is
 * the account's first. Two adds at once neither pass the limit nor both become the default.
 */
export function insertAddress(
  db: Database,
  userId: string,
  address: DeliveryAddress,
  opts: { makeDefault: boolean; max: number },
): Promise<AddressRow | 'full'> {
  return db.transaction(async (tx) => {
    const held = await lockAddressesOf(tx, userId);
    const count = held.length;
    if (count >= opts.max) return 'full';
    const isDefault = opts.makeDefault || count === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(savedAddresses)
      .values({ userId, ...address, isDefault })
      .returning(columns);
    return row!;
  });
}

export function updateAddress(
  db: Database,
  userId: string,
  id: string,
  address: DeliveryAddress,
  makeDefault: boolean,
): Promise<AddressRow | undefined> {
  return db.transaction(async (tx) => {
    // Another account's id changes nothing, its default included.
    if (!(await lockAddressesOf(tx, userId)).some((a) => a.id === id)) return undefined;
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(savedAddresses)
      .set({ ...address, ...(makeDefault ? { isDefault: true } : {}) })
      .where(ofUser(userId, id))
      .returning(columns);
    return row;
  });
}

/** Deletes one; when it was the default, the newest of the others becomes the default. */
export function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(savedAddresses)
      .where(ofUser(userId, id))
      .returning({ isDefault: savedAddresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      await tx.execute(sql`update ${savedAddresses} set is_default = true where id = (
        select id from ${savedAddresses} where user_id = ${userId} order by created_at desc, id desc limit 1)`);
    }
    return true;
  });
}

export function setDefaultAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockAddressesOf(tx, userId)).some((a) => a.id === id)) return false;
    await clearDefault(tx, userId);
    await tx.update(savedAddresses).set({ isDefault: true }).where(ofUser(userId, id));
    return true;
  });
}

/**
 * The account's addresses, read after locking the account's row: adds and changes of the default
 * of one account run one after another, its first address included (no row to lock yet).
 */
async function lockAddressesOf(tx: Database, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return tx.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
}

/** Adds `address` as the account's default when it keeps no address at all. */
export function insertAddressIfNone(db: Database, userId: string, address: DeliveryAddress) {
  return db.transaction(async (tx) => {
    if ((await lockAddressesOf(tx, userId)).length > 0) return;
    await tx.insert(savedAddresses).values({ userId, ...address, isDefault: true });
  });
}
