import { createRecentMap } from '../../lib/recent-map.js';
import type { OrderContextRow } from './order-context.repository.js';

/** What a read tells of the caller and of this request only: never remembered. */
const NOTHING_PER_REQUEST = {
  caller: null,
  earlierOrderId: null,
  contactUserId: null,
  referrerUserId: null,
  linkReferrerUserId: null,
  heldOrders: null,
  heldUnits: null,
  heldAddressOrders: null,
  heldAddressUnits: null,
  codWaitingUnits: null,
} as const satisfies Partial<Record<keyof OrderContextRow, null>>;

export interface KnownTerms {
  /** Keeps what a read of the order's context told of its product (the caller's parts left out). */
  remember(row: OrderContextRow): void;
  /**
   * The product as an order read it within the last few seconds, as a context without caller, key,
   * referrer or holds; undefined when none is remembered.
   */
  recall(productId: string): OrderContextRow | undefined;
  /** Whether this process has not placed an order with this Idempotency-Key yet; notes it. */
  firstUseOf(idempotencyKey: string): boolean;
}

/**
 * The products orders were placed for in the last `ttlMs`, so that the next order of a signed-in
 * buyer can go straight to its one write (issue 42: the read was half of its round trips). What
 * decides the order is checked again by that write: the prices and whether it sells (`was_*`), the
 * stock, the holds and the store's delivery charge (take-stock.repository.ts), so a product changed
 * meanwhile is refused there and the order is placed again the reading way (placeOrder). What is
 * only shown (its name and picture in the answer) may be up to `ttlMs` old.
 *
 * The keys are remembered so that a retried request (the same Idempotency-Key) reads first, as
 * before: its earlier order is answered without opening another payment session at the provider.
 * Both are bounded: the oldest go first (of the keys, the newest `maxKeys / 2` at least are held).
 */
export function createKnownTerms({
  ttlMs = 5000,
  maxProducts = 2000,
  maxKeys = 10_000,
  now = Date.now,
}: { ttlMs?: number; maxProducts?: number; maxKeys?: number; now?: () => number } = {}): KnownTerms {
  const products = new Map<string, { context: OrderContextRow; until: number }>();
  const keys = createRecentMap<string, true>(maxKeys);
  return {
    remember(row) {
      products.delete(row.id);
      // The row with its caller's parts nulled (the same keys, so it stays a fast object), one for
      // every order until the product is read again: shared, so frozen.
      const context = Object.freeze({ ...row, ...NOTHING_PER_REQUEST });
      products.set(row.id, { context, until: now() + ttlMs });
      if (products.size > maxProducts) products.delete(products.keys().next().value!);
    },
    recall(productId) {
      const known = products.get(productId);
      if (!known) return undefined;
      if (known.until <= now()) {
        products.delete(productId);
        return undefined;
      }
      return known.context;
    },
    firstUseOf(idempotencyKey) {
      if (keys.has(idempotencyKey)) return false;
      keys.set(idempotencyKey, true);
      return true;
    },
  };
}
