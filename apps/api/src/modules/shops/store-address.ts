import { storeAsDeliveryAddress, type DeliveryAddress } from '@app/domain';
import type { Database } from '../../db/client.js';
import { findShopByUserId } from './shops.repository.js';

/**
 * A seller's store as a delivery address (issue 38): where a retailer's wholesale order ships, and a
 * product owner's own order, when they name no other. None without a store or a usable address.
 */
export async function storeDeliveryAddress(
  db: Database,
  userId: string,
  recipient: { firstName: string; lastName: string; mobile: string },
): Promise<DeliveryAddress | undefined> {
  const shop = (await findShopByUserId(db, userId))?.shop;
  if (!shop) return undefined;
  return storeAsDeliveryAddress({ name: shop.name, area: shop.area, address: shop }, recipient);
}
