import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSigner } from './hmac-signer.js';

describe('hmacSigner', () => {
  it("signs exactly as createHmac('sha256') does, for short, block-long and long secrets and any text", () => {
    const texts = ['', 'order-link:a1b2c3d4e5f6a1b2c3d4e5f6:1', 'ऑर्डर ✓ café', 'x'.repeat(1000)];
    for (const length of [0, 1, 32, 63, 64, 65, 100, 200]) {
      const secret = randomBytes(length).toString('base64url').slice(0, length);
      const sign = hmacSigner(secret);
      for (const text of [...texts, randomBytes(40).toString('hex')]) {
        expect(sign(text), `${length}-character secret`).toBe(
          createHmac('sha256', secret).update(text).digest('base64url'),
        );
      }
    }
  });

  it('gives different signatures for different secrets and texts', () => {
    const sign = hmacSigner('one secret');
    expect(sign('order-link:a:1')).not.toBe(sign('order-link:a:2'));
    expect(hmacSigner('another secret')('order-link:a:1')).not.toBe(sign('order-link:a:1'));
  });
});
