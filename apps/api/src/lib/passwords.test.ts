import { describe, expect, it } from 'vitest';
import { generatePassword, hashGeneratedPassword, hashPassword, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('a generated one-time password is salted SHA-256: it verifies, a wrong one and a tampered hash do not', async () => {
    const password = generatePassword();
    const stored = hashGeneratedPassword(password);
    expect(stored).toMatch(/^\$sha256\$[\w-]{22}\$[\w-]{43}$/);
    // Salted: the same password never hashes the same twice.
    expect(hashGeneratedPassword(password)).not.toBe(stored);
    expect(await verifyPassword(stored, password)).toBe(true);
    expect(await verifyPassword(stored, `${password}x`)).toBe(false);
    expect(await verifyPassword(stored.slice(0, -2), password)).toBe(false);
    expect(await verifyPassword('$sha256$', password)).toBe(false);
  });

  it('a password a person chooses stays argon2id, and both kinds verify side by side', async () => {
    const chosen = await hashPassword('Kaveri-Silks-2026!');
    expect(chosen).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(chosen, 'Kaveri-Silks-2026!')).toBe(true);
    expect(await verifyPassword(chosen, 'kaveri-silks-2026!')).toBe(false);
  });
});
