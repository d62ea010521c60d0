import { AppError } from './app-error.js';

/**
 * A keyset cursor: the exact `created_at` (as PostgreSQL prints it, microseconds included) and id of
 * the last row of a page. Opaque to clients; anything malformed is a 400, never a 500.
 */
export interface Keyset {
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeKeyset(key: Keyset): string {
  return Buffer.from(`${key.createdAt}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeKeyset(cursor: string): Keyset {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || extra !== undefined || !/^[a-f0-9]{24}$/.test(id) || !TIMESTAMP.test(createdAt)) {
    throw new AppError('BAD_REQUEST', 'Invalid cursor', { after: 'Invalid cursor' });
  }
  return { createdAt, id };
}
