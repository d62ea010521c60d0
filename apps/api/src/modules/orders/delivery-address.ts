import {
  ADDRESS_MESSAGES,
  isPlaceholderAddress,
  withoutPlace,
  type DeliveryAddress,
  type OrderAddress,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { defaultAddressOf, keepAsFirstAddress } from '../addresses/addresses.service.js';
import { storeDeliveryAddress } from '../shops/store-address.js';
import * as repo from './delivery-address.repository.js';

// Where an order goes (issue 38, decision 051). The spec's clients pre-fill a signed-in buyer's
// address with "NA" and pincode 100000; this site's web app sends a real address instead. What an
// existing client sends is still accepted, and the stand-in replaced here.

export interface DeliveryFor {
  /** Who is signed in; null for a guest. */
  actor: AuthUser | null;
  /** The order's buyer: the signed-in user, or the user the admin orders for. */
  buyerId: string;
  /** The seller of the product ordered. */
  productOwnerId: string;
  /** The address as the request sent it. */
  address: OrderAddress;
}

/**
 * The address an order is written with. A real address is kept as sent. The spec's stand-in is
 * replaced with, in order: the store's address for the product's own seller (the spec's "need not
 * fill address fields"); the buyer's default address; a seller buyer's store (a retailer buying
 * wholesale ships to the store). With none of these, or from a guest, the order keeps the buyer's
 * name and contact without a place: it is placed "address needed", the buyer gives the address on
 * the order's page (giveDeliveryAddress) and the seller cannot dispatch it before (refuseDispatch…).
 * Reads only, so an order refused later writes nothing here.
 */
export async function resolveDeliveryAddress(db: Database, q: DeliveryFor): Promise<OrderAddress> {
  if (!isPlaceholderAddress(q.address)) return q.address;
  const { firstName, lastName, email, mobile } = q.address;
  const recipient = { firstName, lastName, mobile };
  const place = (found: DeliveryAddress | undefined) => (found ? { ...found, email } : undefined);
  const { actor } = q;
  if (!actor) return withoutPlace(q.address);
  if (actor.id === q.productOwnerId) {
    const store = place(await storeDeliveryAddress(db, actor.id, recipient));
    if (store) return store;
  }
  const saved = place(await defaultAddressOf(db, q.buyerId));
  if (saved) return saved;
  if (actor.id === q.buyerId && actor.role === 'SELLER') {
    const store = place(await storeDeliveryAddress(db, actor.id, recipient));
    if (store) return store;
  }
  return withoutPlace(q.address);
}

/** A seller cannot dispatch an order whose buyer has not given its address yet. */
export function refuseDispatchWithoutAddress(
  order: { addressNeeded: boolean },
  to: 'DISPATCHED' | 'DELIVERED',
) {
  if (to === 'DISPATCHED' && order.addressNeeded) {
    throw new AppError('CONFLICT', ADDRESS_MESSAGES.neededBeforeDispatch);
  }
}

/**
 * The buyer gives the address an order was placed without, through the order's link: the order id
 * is the capability, as for its status. Once only: an address given cannot be changed this way.
 * A buyer who placed it signed in and keeps no address yet keeps this one as their default.
 */
export async function giveDeliveryAddress(db: Database, orderId: string, given: DeliveryAddress) {
  const order = await repo.findOrderDelivery(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (!order.addressNeeded) throw new AppError('CONFLICT', ADDRESS_MESSAGES.notNeeded);
  const address: OrderAddress = { ...given, email: order.address.email };
  if (!(await repo.setNeededAddress(db, orderId, address))) {
    throw new AppError('CONFLICT', ADDRESS_MESSAGES.notNeeded);
  }
  if (order.placedByUserId && order.placedByUserId === order.buyerUserId) {
    await keepAsFirstAddress(db, order.buyerUserId, given);
  }
}
