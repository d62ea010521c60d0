import {
  ADDRESS_MESSAGES,
  MAX_SAVED_ADDRESSES,
  type DeliveryAddress,
  type ParsedSavedAddressRequest,
  type SavedAddress,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './addresses.repository.js';

// An account's address book (issue 38, decision 051). Every call acts on the caller's own
// addresses only: another account's address id answers 404, as a missing one does.

function toView(row: repo.AddressRow): SavedAddress {
  const { id, ...rest } = row;
  return { _id: id, ...rest };
}

function placeOf(input: ParsedSavedAddressRequest): DeliveryAddress {
  const { isDefault: _isDefault, ...address } = input;
  return address;
}

export async function listAddresses(db: Database, actor: AuthUser): Promise<SavedAddress[]> {
  return (await repo.listAddresses(db, actor.id)).map(toView);
}

export async function addAddress(
  db: Database,
  actor: AuthUser,
  input: ParsedSavedAddressRequest,
): Promise<SavedAddress> {
  const row = await repo.insertAddress(db, actor.id, placeOf(input), {
    makeDefault: input.isDefault ?? false,
    max: MAX_SAVED_ADDRESSES,
  });
  if (row === 'full') throw new AppError('CONFLICT', ADDRESS_MESSAGES.tooMany);
  return toView(row);
}

export async function editAddress(
  db: Database,
  actor: AuthUser,
  addressId: string,
  input: ParsedSavedAddressRequest,
): Promise<SavedAddress> {
  const row = await repo.updateAddress(db, actor.id, addressId, placeOf(input), input.isDefault === true);
  if (!row) throw new AppError('NOT_FOUND', ADDRESS_MESSAGES.notFound);
  return toView(row);
}

export async function deleteAddress(db: Database, actor: AuthUser, addressId: string): Promise<void> {
  if (!(await repo.deleteAddress(db, actor.id, addressId))) {
    throw new AppError('NOT_FOUND', ADDRESS_MESSAGES.notFound);
  }
}

export async function makeDefaultAddress(db: Database, actor: AuthUser, addressId: string) {
  if (!(await repo.setDefaultAddress(db, actor.id, addressId))) {
    throw new AppError('NOT_FOUND', ADDRESS_MESSAGES.notFound);
  }
  return listAddresses(db, actor);
}

/** The address an account's checkout pre-fills and an old client's "NA" order ships to; none when it keeps none. */
export async function defaultAddressOf(db: Database, userId: string): Promise<DeliveryAddress | undefined> {
  const row = await repo.findDefaultAddress(db, userId);
  if (!row) return undefined;
  const { id: _id, isDefault: _default, ...address } = row;
  return address;
}

/**
 * Keeps an address the buyer gave for an order as their default, when they keep none yet: their
 * next order from an old client then ships there without asking again.
 */
export async function keepAsFirstAddress(db: Database, userId: string, address: DeliveryAddress) {
  await repo.insertAddressIfNone(db, userId, address);
}

/** An account's addresses for its data export (decision 040): the default first. */
export async function addressesOf(db: Database, userId: string): Promise<SavedAddress[]> {
  return (await repo.listAddresses(db, userId)).map(toView);
}
