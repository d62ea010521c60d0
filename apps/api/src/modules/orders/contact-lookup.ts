import type { ContactLookup } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './orders.repository.js';

export type ContactKind = 'buyer' | 'referrer';

const NOT_FOUND = 'No account with this contact number';

/**
 * The checkout's buyer and referrer validation (spec: 404 means not found). Anyone may learn
 * whether a number belongs to a seller and whether that seller is activated (role USER or SELLER),
 * which "Seller Account not activated!!" needs, and nothing else: a name, id or any other role
 * would tell a stranger who is behind a mobile number. The admin team orders on behalf of the
 * account, so it gets the id and name. A business buyer is a seller, so for others a buyer look-up
 * finds only sellers; any account can be a referrer.
 */
export async function lookUpContactByMobile(
  db: Database,
  viewer: AuthUser | null,
  query: { mobile: string; kind: ContactKind },
): Promise<ContactLookup> {
  const user = await repo.findUserByMobile(db, query.mobile);
  if (!user) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (viewer?.role === 'ADMIN' || viewer?.role === 'TEAM') {
    return { _id: user.id, ownerName: user.ownerName, role: user.role };
  }
  const seller = user.role === 'USER' || user.role === 'SELLER';
  if (seller) return { role: user.role };
  if (query.kind === 'buyer') throw new AppError('NOT_FOUND', NOT_FOUND);
  return {};
}
