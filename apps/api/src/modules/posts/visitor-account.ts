import type { Language } from '@app/domain';
import type { Database } from '../../db/client.js';
import { generatePassword, hashGeneratedPassword } from '../../lib/passwords.js';
import { deliverOneTimePassword } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import type { ContactCodes } from '../accounts/contact-codes.js';
import type { ClaimHolder } from '../contributions/contributions.service.js';
import * as repo from './posts.repository.js';

/** A hash no password matches: an account that cannot be logged in to until a password is sent. */
export const UNUSABLE_PASSWORD_HASH = '!visitor-account-without-password';

/** How long the one-time password of a visitor account works (the message says 7 days). */
export const VISITOR_PASSWORD_DAYS = 7;

export interface VisitorAccountDeps {
  messaging: MessagingProvider;
  /** Sends the code with which an existing account's holder confirms a contribution. */
  codes: ContactCodes;
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
  /** The language of the request: a new account keeps it for its messages (issue 26). */
  language?: Language | undefined;
}

/**
 * Who a contribution sent without an account belongs to.
 * - A new contact: a visitor account made for it, unproven until its first code or login; the
 *   contribution is published at once, as the spec wants.
 * - The contact of an existing account: the contribution is filed under that account but held (in no
 *   list, feed or profile) until the holder confirms with a code sent to the account's own contact,
 *   or publishes it signed in (modules/contributions). Before this, anyone could post as the admin.
 */
export type Contributor =
  | {
      userId: string;
      name: string;
      created: true;
      /** Where the one-time password of the new account went ("your e-mail a***@example.com"). */
      passwordSentTo?: string | undefined;
    }
  | {
      userId: string;
      /** The account's own name: an existing account keeps its name whatever a form says. */
      name: string;
      created: false;
      holder: ClaimHolder;
    };

/** The influencer profile a review form gives its author; for a held contribution, on confirmation. */
export function profileOf(visitor: VisitorDetails) {
  return {
    isService: visitor.isService ?? false,
    latitude: visitor.latitude ?? null,
    longitude: visitor.longitude ?? null,
    categories: visitor.categories ?? [],
  };
}

/**
 * The one place where a visitor who posts (a review, a tag or a query) with name, contact and e-mail
 * gets an end-user account and an influencer profile, or is found to use an existing account's
 * contact (the e-mail first, else the mobile). The spec gives such accounts the phone number as
 * password and shows a default password on screen; instead a new account gets a generated one-time
 * password, stored only as its hash, valid for VISITOR_PASSWORD_DAYS and to be changed at first login,
 * and sent to the visitor's contact by the messaging provider. The password is never returned.
 */
export async function ensureVisitorAccount(
  db: Database,
  deps: VisitorAccountDeps,
  visitor: VisitorDetails,
  options: { withProfile: boolean } = { withProfile: true },
): Promise<Contributor> {
  // Two attempts: a concurrent post with the same e-mail or mobile can create the account between
  // our look-up and insert; the second look-up then finds it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const found = await repo.findUserByEmailOrMobile(db, visitor.email, visitor.mobile);
    const existing = found.find((u) => u.email === visitor.email) ?? found[0];
    if (existing) {
      return {
        userId: existing.id,
        name: existing.name,
        created: false,
        holder: { id: existing.id, email: existing.email, mobile: existing.mobile },
      };
    }
    const password = generatePassword();
    const created = await repo.insertUserIfAbsent(db, {
      email: visitor.email,
      mobile: visitor.mobile,
      ownerName: visitor.name,
      role: 'END_USER',
      isActive: true,
      language: visitor.language ?? 'en',
      passwordHash: hashGeneratedPassword(password),
      mustChangePassword: true,
      passwordExpiresAt: new Date(Date.now() + VISITOR_PASSWORD_DAYS * 24 * 60 * 60 * 1000),
      // Nobody has proved this e-mail or mobile yet: the form only says so.
      contactVerifiedAt: null,
      details: { kind: 'visitor' },
    });
    if (created) {
      if (options.withProfile) {
        await repo.insertProfileIfAbsent(db, {
          userId: created.id,
          name: created.name,
          ...profileOf(visitor),
        });
      }
      let passwordSentTo: string | undefined;
      try {
        const delivery = await deliverOneTimePassword(
          deps.messaging,
          { email: visitor.email, mobile: visitor.mobile, language: visitor.language },
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
