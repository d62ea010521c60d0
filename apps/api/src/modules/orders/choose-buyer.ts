import { BUSINESS_MESSAGES, ORDER_MESSAGES, type Language, type ParsedOrderRequest } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import { UNUSABLE_PASSWORD_HASH } from '../posts/visitor-account.js';
import { findUserRole } from './buyers.repository.js';

/** Who an order is for; `account`: the account to make for a guest's contact, with the order. */
export interface Buyer {
  id: string;
  held: boolean;
  account?: typeof users.$inferInsert & { email: string; mobile: string };
}

/**
 * The buyer: the signed-in user, a user the admin names, or an account to make for the address.
 * Nothing is written here: an account to make is made with the order (writeOrder), so a refused
 * order leaves none behind. `knownId`: the account of the address's contact, read with the product.
 */
export async function chooseBuyer(
  db: Database,
  actor: AuthUser | null,
  body: ParsedOrderRequest,
  knownId: string | null,
  language: Language,
  business: { business: boolean; proven: string | null },
): Promise<Buyer> {
  if (body.user) {
    if (actor?.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Only the admin can order for another user');
    const user = await findUserRole(db, body.user);
    if (!user) throw new AppError('NOT_FOUND', 'Buyer not found', { user: 'Buyer not found' });
    return { id: user.id, held: false };
  }
  if (actor) return { id: actor.id, held: false };
  if (business.business) {
    // A business buyer is a seller (decision 056): the one whose number was proven by its code,
    // else the account of the order's contact, whose order waits for the code sent to it.
    const id = business.proven ?? knownId;
    const seller = id ? await findUserRole(db, id) : undefined;
    if (seller?.role === 'USER') throw new AppError('FORBIDDEN', ORDER_MESSAGES.sellerNotActivated);
    if (seller?.role !== 'SELLER') throw new AppError('FORBIDDEN', BUSINESS_MESSAGES.forSellers);
    return { id: seller.id, held: !business.proven };
  }
  // The contact of an existing account: the order goes to payment at once, but joins that
  // account's "My orders" only after the code sent to the account (issue 20).
  if (knownId) return { id: knownId, held: true };
  const a = body.address;
  return {
    id: newId(),
    held: false,
    account: {
      email: a.email.toLowerCase(),
      mobile: a.mobile,
      ownerName: `${a.firstName} ${a.lastName}`,
      role: 'END_USER',
      isActive: true,
      language,
      // No password until the one-time password sent to the buyer's contact is used.
      passwordHash: UNUSABLE_PASSWORD_HASH,
      mustChangePassword: true,
      details: {
        kind: 'buyer',
        additionalInfo: [
          {
            address: [
              {
                address: `${a.houseNo}, ${a.street}, ${a.landmark}`,
                city: a.city,
                state: a.state,
                country: a.country,
                pinCode: a.pinCode,
              },
            ],
          },
        ],
      },
    },
  };
}
