import type { ContactLookup } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './buyers.repository.js';

export type ContactKind = 'buyer' | 'referrer';

const NOT_FOUND = 'No account with this contact number';

/**
 * The checkout's buyer and referrer validation (spec: 404 means not found). The buyer look-up tells
 * anyone whether a number belongs to a seller and whether that seller is activated (role USER or
 * SELLER), which "Seller Account not activated!!" needs, and nothing else: a name, id or any other
 * role would tell a stranger who is behind a mobile number. The referrer look-up tells only whether
 * the number may refer: every other number, registered or not, answers the same 404. The admin team
 * orders on behalf of the account, so it gets the id and name.
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
  if (query.kind === 'referrer') {
    // Found or not, nothing more (issue 40): a number that could not refer answers as an unknown one.
    if (!isEligibleReferrer(user)) throw new AppError('NOT_FOUND', NOT_FOUND);
    return {};
  }
  const seller = user.role === 'USER' || user.role === 'SELLER';
  if (!seller) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { role: user.role };
}

/**
 * Who may be credited as a referrer by their number: an active account (an activated seller, a
 * customer, a creator) whose contact is proven and that is not deleted; not the admin team, whose
 * orders on others' behalf must earn them nothing. The order takes its referrer by the same rule.
 */
export function isEligibleReferrer(user: {
  role: string;
  isActive: boolean;
  deletedAt: Date | null;
}): boolean {
  return user.isActive && user.deletedAt === null && user.role !== 'ADMIN' && user.role !== 'TEAM';
}
