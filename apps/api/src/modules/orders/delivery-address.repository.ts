import { and, eq } from 'drizzle-orm';
import type { OrderAddress } from '@app/domain';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';

export function findOrderDelivery(db: Database, orderId: string) {
  return db
    .select({
      id: orders.id,
      address: orders.address,
      addressNeeded: orders.addressNeeded,
      buyerUserId: orders.buyerUserId,
      placedByUserId: orders.placedByUserId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
    .then((r) => r[0]);
}

/** Gives a waiting order its address, once: false when it had one already (given meanwhile). */
export async function setNeededAddress(db: Database, orderId: string, address: OrderAddress) {
  const updated = await db
    .update(orders)
    .set({ address })
    .where(and(eq(orders.id, orderId), eq(orders.addressNeeded, true)))
    .returning({ id: orders.id });
  return updated.length > 0;
}
