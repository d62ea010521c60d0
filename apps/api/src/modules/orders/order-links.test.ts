import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createOrderLinks } from './order-links.js';

describe("an order's link key", () => {
  it('is the HMAC-SHA256 of the secret as text, so links in messages already sent still open', () => {
    const secret = 'a signing secret with spaces, ünïcode and 40+ characters';
    // Making a key reads nothing from the database.
    const links = createOrderLinks({} as Database, secret);
    const order = { id: 'a1b2c3d4e5f60718293a4b5c', linkVersion: 3 };
    const sentBefore = createHmac('sha256', secret)
      .update(`order-link:${order.id}:3`)
      .digest('base64url')
      .slice(0, 32);
    expect(links.keyOf(order)).toBe(sentBefore);
    expect(links.keyOf({ ...order, linkVersion: 4 })).not.toBe(sentBefore);
  });
});
