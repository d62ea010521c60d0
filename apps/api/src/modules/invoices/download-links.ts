import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A tax document's download link (decision 063): the list of an order's documents is read with a
 * session or the order's key, but a PDF is fetched by following a link, which carries neither an
 * Authorization header nor, on another device, the order's cookie. So each listed document comes
 * with a link of its own: `?download=<expiry>.<HMAC of the document id and expiry>`, good for this
 * one document, for a quarter of an hour, and given only to whoever may read the list.
 */
const VALID_MS = 15 * 60_000;

function mac(secret: string, documentId: string, expiresAt: number): string {
  return createHmac('sha256', secret)
    .update(`tax-document:${documentId}:${String(expiresAt)}`)
    .digest('base64url');
}

export function downloadToken(secret: string, documentId: string, now = Date.now()): string {
  const expiresAt = now + VALID_MS;
  return `${String(expiresAt)}.${mac(secret, documentId, expiresAt)}`;
}

export function downloadTokenOpens(
  secret: string,
  documentId: string,
  token: string | undefined,
  now = Date.now(),
): boolean {
  const [expiry = '', signature = ''] = (token ?? '').split('.');
  const expiresAt = Number(expiry);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < now) return false;
  const expected = Buffer.from(mac(secret, documentId, expiresAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
