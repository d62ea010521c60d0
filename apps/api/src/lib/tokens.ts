import { hash, randomBytes } from 'node:crypto';

/** 256 random bits; only the SHA-256 is stored, so a database leak yields no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

// `hash`, the one-shot digest: a session is looked up by this on every signed-in request, and it
// takes about half the time of createHash().update().digest() (0.6 against 1.1 µs, issue 42).
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Accepts the raw token the spec's clients send, and the usual `Bearer <token>` form. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  if (!value || value === 'null' || value === 'undefined') return undefined;
  return value.length <= 200 ? value : undefined;
}
