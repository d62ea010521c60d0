import type {
  BrandRegistration,
  Consent,
  EndUserRegistration,
  Language,
  RetailerOnboarding,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { shops, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { ContactCodes } from '../accounts/contact-codes.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordConsent } from '../privacy/consents.js';
import * as repo from './applications.repository.js';
import { findEarlierApplication, reapply } from './reapply.js';

const DUPLICATE_EMAIL = 'An account with this e-mail already exists';
const DUPLICATE_MOBILE = 'An account with this contact number already exists';

type UserValues = Omit<typeof users.$inferInsert, 'id'>;
type ShopValues = Omit<typeof shops.$inferInsert, 'id' | 'userId'>;

/** What a registration writes: the account and, for a retailer, the store. JSON-safe, so it can wait. */
export interface Application {
  user: UserValues & { email: string; mobile: string };
  shop?: ShopValues;
}

/**
 * Instead of the spec's "password = phone number" (anyone who knows the number could log in) an
 * applicant first proves the e-mail with a 6-digit code; then a generated one-time password is
 * sent there (accounts.service verifyContact). Until then the account holds a random password
 * nobody knows, cannot log in, and blocks nobody: see `register`.
 */
async function unusablePassword() {
  return {
    passwordHash: await hashPassword(generatePassword(32)),
    mustChangePassword: true,
    contactVerifiedAt: null,
  };
}

async function writeApplication(tx: Database, application: Application) {
  const created = await repo.insertApplicant(tx, application.user);
  if (application.shop) await repo.insertShop(tx, { ...application.shop, userId: created.id });
  return created;
}

/**
 * The code of a registration that waited for an e-mail an unproven account held: that account becomes
 * the applicant (its earlier posts and orders stay with it), an unproven holder of the mobile gives
 * it up. Called by verifyContact, in its transaction, once the code is right.
 */
export async function applyPendingApplication(tx: Database, userId: string, pendingId: string) {
  const pending = await repo.findPendingApplication(tx, pendingId, userId);
  if (!pending) return;
  const application = pending.application as unknown as Application;
  const { email: _sameEmail, ...values } = application.user;
  await repo.releaseUnverifiedMobile(tx, application.user.mobile, userId);
  await repo.turnIntoApplicant(tx, userId, values);
  if (application.shop) await repo.insertShop(tx, { ...application.shop, userId });
  await repo.deletePendingApplications(tx, userId);
}

export function createApplicationsService(db: Database, deps: { codes: ContactCodes }) {
  /**
   * Only verified accounts clash. The form needs to say which field is taken so the owner can log
   * in instead; the registration budget (per address) bounds how fast anyone can ask.
   */
  async function assertUnique(email: string, mobile: string, exceptUserId?: string) {
    const clashes = await repo.findVerifiedByEmailOrMobile(db, email, mobile, exceptUserId);
    if (clashes.some((c) => c.email === email))
      throw new AppError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    if (clashes.some((c) => c.mobile === mobile)) {
      throw new AppError('CONFLICT', DUPLICATE_MOBILE, { mobile: DUPLICATE_MOBILE });
    }
  }

  /** A concurrent registration can pass the check above; the unique indexes decide then. */
  async function insertOrConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key')
        throw new AppError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
      if (constraint === 'users_mobile_key') {
        throw new AppError('CONFLICT', DUPLICATE_MOBILE, { mobile: DUPLICATE_MOBILE });
      }
      throw error;
    }
  }

  /**
   * An account that never proved its e-mail (a visitor's, maybe not its owner's) is never deleted by
   * someone registering its contact. With its e-mail, the registration waits for the code sent to
   * that e-mail, and then the account becomes the applicant's, earlier contributions included; with
   * only its mobile (never proven either), the account gives the mobile up and keeps the rest.
   */
  async function register(application: Application, viewer: AuthUser | null, consent: Consent | undefined) {
    const answer = await registerAccount(application, viewer);
    await recordConsent(db, answer._id, 'sign-up', null, consent);
    return answer;
  }

  async function registerAccount(application: Application, viewer: AuthUser | null) {
    const { email, mobile } = application.user;
    // Signed in to the account of this e-mail: an applicant the admin rejected applies again.
    if (viewer?.role === 'USER' && viewer.email === email) {
      await assertUnique(email, mobile, viewer.id);
      return insertOrConflict(() => reapply(db, viewer.id, application));
    }
    await assertUnique(email, mobile);
    const holders = await repo.findUnverifiedByEmailOrMobile(db, email, mobile);
    const emailHolder = holders.find((h) => h.email === email);
    if (emailHolder) {
      const pending = await repo.insertPendingApplication(
        db,
        emailHolder.id,
        application as unknown as Record<string, unknown>,
      );
      const delivery = await deps.codes.send(
        { id: emailHolder.id, email, mobile: emailHolder.mobile, language: application.user.language },
        'verify-contact',
        {
          subjectId: pending.id,
        },
      );
      return { _id: emailHolder.id, role: application.user.role, sentTo: delivery.where };
    }
    const user = await insertOrConflict(() =>
      db.transaction(async (tx) => {
        await repo.releaseUnverifiedMobile(tx, mobile);
        return writeApplication(tx, application);
      }),
    );
    const delivery = await deps.codes.send(
      { id: user.id, email, mobile, language: application.user.language },
      'verify-contact',
    );
    return { _id: user.id, role: user.role, sentTo: delivery.where };
  }

  return {
    /** Experts wait for approval like sellers; customers (if_expert false) are active at once. */
    async registerEndUser(input: EndUserRegistration, viewer: AuthUser | null, language: Language = 'en') {
      const { password: _ignored, consent, name, email, mobile, ...details } = input;
      return register(
        {
          user: {
            email,
            mobile,
            ownerName: name,
            role: input.if_expert ? 'USER' : 'END_USER',
            isActive: !input.if_expert,
            ...(await unusablePassword()),
            language,
            details: { kind: input.if_expert ? 'expert' : 'customer', ...details },
          },
        },
        viewer,
        consent,
      );
    },

    async registerBrand(input: BrandRegistration, viewer: AuthUser | null, language: Language = 'en') {
      return register(
        {
          user: {
            email: input.email,
            mobile: input.mobile,
            ownerName: input.ownerName,
            role: 'USER',
            isActive: false,
            isBrand: true,
            ...(await unusablePassword()),
            language,
            details: {
              kind: 'brand',
              companyName: input.companyName,
              sellCategory: input.sellCategory,
              websiteLink: input.websiteLink,
            },
          },
        },
        viewer,
        input.consent,
      );
    },

    /** Account, shop and address in one transaction: either all are stored or nothing is. */
    async onboardRetailer(input: RetailerOnboarding, viewer: AuthUser | null, language: Language = 'en') {
      const { registerUser: account, address } = input;
      const [longitude, latitude] = address.location.coordinates;
      return register(
        {
          user: {
            email: account.email,
            mobile: account.mobile,
            ownerName: account.ownerName,
            role: 'USER',
            isActive: false,
            isBrand: input.isBrand,
            ...(await unusablePassword()),
            language,
            details: {
              kind: 'retailer',
              ...(account.websiteLink ? { websiteLink: account.websiteLink } : {}),
            },
          },
          shop: {
            name: input.storeName,
            companyName: input.companyName,
            businessType: input.businessType,
            gstin: input.GSTINnum,
            pan: input.PANnum,
            area: input.area,
            yearOfEstablishment: String(input.year_of_establishment),
            address: address.address,
            pinCode: address.pinCode,
            city: address.city,
            state: address.state,
            country: address.country,
            cityId: address.city_id ?? null,
            stateId: address.state_id ?? null,
            countryId: address.country_id ?? null,
            latitude,
            longitude,
            sellCategory: input.sellCategory,
            media: input.media,
          },
        },
        viewer,
        input.consent,
      );
    },

    /**
     * Existence only: the spec's forms (checkout's referrer and buyer check) need nothing more, and
     * name and role let anyone map e-mails to people and find the admin. The admin team sees them.
     * Unverified accounts do not exist yet. 404 when absent: the spec's clients treat "not 404" as found.
     */
    /** The signed-in applicant's earlier answers, to apply again with after a rejection. */
    earlierApplication(user: AuthUser) {
      return findEarlierApplication(db, user.id);
    },

    async lookupByEmail(email: string, viewer: AuthUser | null) {
      const profile = await repo.findPublicProfileByEmail(db, email);
      if (!profile) throw new AppError('NOT_FOUND', 'No account with this e-mail');
      const team = viewer?.role === 'ADMIN' || viewer?.role === 'TEAM';
      return { exists: true, profile: team ? profile : null };
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
