import { createHash, randomBytes } from 'node:crypto';

/** A new opaque id: 24 hex characters, the shape the spec's clients expect in `_id`. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A stable id for reference data, so ids stay the same across installs and re-seeding. */
export function stableId(...parts: string[]): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}
