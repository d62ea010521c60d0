import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { generatePassword, hashGeneratedPassword } from '../../lib/passwords.js';
import { deliverOneTimePassword } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import type { DeliverBuyerPassword } from './orders-context.js';

/** A one-time password stops working after this long. */
const ONE_TIME_PASSWORD_DAYS = 7;

/**
 * Gives an account made at checkout a one-time password and sends it to the buyer's contact; the
 * answer is only where it went ("your e-mail m***@example.com"), never the password. Only the
 * contact's owner can read it, so logging in with it proves the contact.
 */
export function createBuyerPasswordDelivery(
  db: Database,
  messaging: MessagingProvider,
): DeliverBuyerPassword {
  return async ({ userId, email, mobile }) => {
    const password = generatePassword();
    const [account] = await db
      .update(users)
      .set({
        passwordHash: hashGeneratedPassword(password),
        mustChangePassword: true,
        passwordExpiresAt: new Date(Date.now() + ONE_TIME_PASSWORD_DAYS * 24 * 60 * 60 * 1000),
      })
      .where(eq(users.id, userId))
      .returning({ language: users.language });
    // In the language the account was made in (issue 26).
    const delivery = await deliverOneTimePassword(
      messaging,
      { email, mobile, language: account?.language },
      password,
    );
    return delivery.where;
  };
}
