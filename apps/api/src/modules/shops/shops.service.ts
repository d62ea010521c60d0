import {
  LEDGER_MESSAGES,
  type GeoPoint,
  type PublicShop,
  type SellerFieldUpdate,
  type UpdateMyStoreRequest,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './shops.repository.js';
import { imageVariantsOf } from '../media/variants-lookup.js';
import { findPincodeMiddle } from '../locator/pincode-middle.js';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findShopByUserId>>>;

function toPublicShop({ shop, owner }: Found): PublicShop {
  const location: GeoPoint | null =
    shop.latitude !== null && shop.longitude !== null
      ? { type: 'Point', coordinates: [shop.longitude, shop.latitude] }
      : null;
  const ownerRef = { _id: owner.id, isBrand: owner.isBrand };
  return {
    _id: shop.id,
    name: shop.name,
    companyName: shop.companyName,
    businessType: shop.businessType,
    area: shop.area,
    year_of_establishment: shop.yearOfEstablishment,
    address: {
      address: shop.address,
      pinCode: shop.pinCode,
      city: shop.city,
      state: shop.state,
      country: shop.country,
      city_id: shop.cityId,
      state_id: shop.stateId,
      country_id: shop.countryId,
      location,
    },
    location,
    media: shop.media,
    sellCategory: shop.sellCategory,
    // The store's business phone is public business data the seller chose (decision 025); the
    // owner's own mobile and e-mail live on users and are never selected here.
    phone: shop.phone,
    openingHours: shop.openingHours,
    user_id: ownerRef,
    users: [ownerRef],
    affiliate_code: owner.affiliateCode,
    remaining_reward_amount: owner.remainingRewardAmount,
    total_rewards_rolledout: owner.totalRewardsRolledOut,
  };
}

const REWARD_FIELDS = ['remaining_reward_amount', 'total_rewards_rolledout'] as const;
export const REWARDS_READ_ONLY = LEDGER_MESSAGES.rewardsReadOnly;
export const AFFILIATE_CODE_TAKEN = 'This affiliate code is taken: choose another';

/**
 * The seller's own fields: the affiliate code only. The reward balances are money owed to the
 * seller, computed from the reward ledger (earned at delivery, reversed on refund, paid out by the
 * admin: decision 033); a seller setting them would pay themselves.
 */
function sellerPatchOf(body: Partial<SellerFieldUpdate>): repo.SellerFieldsPatch {
  const sent = REWARD_FIELDS.filter((field) => body[field] !== undefined);
  if (sent.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      REWARDS_READ_ONLY,
      Object.fromEntries(sent.map((field) => [field, REWARDS_READ_ONLY])),
    );
  }
  return body.affiliate_code === undefined ? {} : { affiliateCode: body.affiliate_code };
}

/** Two sellers claiming one code at once: the unique index decides, the loser hears it by field. */
async function claimingCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'users_affiliate_code_key') {
      throw new AppError('CONFLICT', AFFILIATE_CODE_TAKEN, { affiliate_code: AFFILIATE_CODE_TAKEN });
    }
    throw error;
  }
}

/**
 * A store that moves to another pincode without sending its new position (the "Edit store" form
 * sends none) is placed where the store locator places that pincode: the middle of the other
 * approved stores with that pincode, else of those in its sorting district (same first three
 * digits), so a shopper searching the new pincode finds it there. With no store there yet, the
 * point stays where it was: the locator's search for that pincode then centres on this store.
 */
async function pointOfPincode(db: Database, pinCode: string, shopId: string) {
  const found =
    (await findPincodeMiddle(db, pinCode, shopId)) ??
    (await findPincodeMiddle(db, pinCode.slice(0, 3), shopId));
  return found ? { latitude: found.latitude, longitude: found.longitude } : {};
}

/** Sellers edit only their own store and seller fields. */
function assertSeller(user: AuthUser) {
  if (user.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only an approved seller can change a store');
}

export function createShopsService(db: Database) {
  async function getStoreByUserId(userId: string): Promise<PublicShop> {
    const found = await repo.findShopByUserId(db, userId);
    if (!found) throw new AppError('NOT_FOUND', 'Store not found');
    return toPublicShop(found);
  }

  return {
    /**
     * An applicant's store (address, exact coordinates) stays private until the admin approves the
     * seller: only the owner and the admin team see it before then. Same 404 as a missing store.
     */
    async getPublicStore(userId: string, viewer: AuthUser | null): Promise<PublicShop> {
      const found = await repo.findShopByUserId(db, userId);
      const mayView =
        found &&
        (found.owner.role === 'SELLER' ||
          viewer?.id === userId ||
          viewer?.role === 'ADMIN' ||
          viewer?.role === 'TEAM');
      if (!mayView) throw new AppError('NOT_FOUND', 'Store not found');
      const shop = toPublicShop(found);
      // The store page shows its photos large: it picks their smaller copies (decision 042).
      const imageVariants = await imageVariantsOf(
        db,
        shop.media.filter((m) => m.type === 'IMAGE').map((m) => m.url),
      );
      return Object.keys(imageVariants).length > 0 ? { ...shop, imageVariants } : shop;
    },

    async listStores(): Promise<PublicShop[]> {
      return (await repo.listPublicShops(db)).map(toPublicShop);
    },

    async searchStores(search: string, page: number, limit: number): Promise<PublicShop[]> {
      const rows = await repo.listPublicShops(db, { search, offset: (page - 1) * limit, limit });
      return rows.map(toPublicShop);
    },

    async updateMyStore(user: AuthUser, body: UpdateMyStoreRequest): Promise<PublicShop> {
      assertSeller(user);
      const found = await repo.findShopByUserId(db, user.id);
      if (!found) throw new AppError('NOT_FOUND', 'You have no store yet');
      const patch: repo.ShopPatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.companyName !== undefined) patch.companyName = body.companyName;
      if (body.area !== undefined) patch.area = body.area;
      if (body.year_of_establishment !== undefined) patch.yearOfEstablishment = body.year_of_establishment;
      if (body.sellCategory !== undefined) patch.sellCategory = body.sellCategory;
      if (body.media !== undefined) patch.media = body.media;
      if (body.phone !== undefined) patch.phone = body.phone;
      if (body.openingHours !== undefined) patch.openingHours = body.openingHours;
      const a = body.address;
      if (a?.address !== undefined) patch.address = a.address;
      if (a?.pinCode !== undefined) patch.pinCode = a.pinCode;
      if (a?.city !== undefined) patch.city = a.city;
      if (a?.state !== undefined) patch.state = a.state;
      if (a?.country !== undefined) patch.country = a.country;
      if (a?.location !== undefined) {
        patch.longitude = a.location.coordinates[0];
        patch.latitude = a.location.coordinates[1];
      } else if (a?.pinCode !== undefined && a.pinCode !== found.shop.pinCode) {
        Object.assign(patch, await pointOfPincode(db, a.pinCode, found.shop.id));
      }
      const sellerPatch = sellerPatchOf(body);
      await claimingCode(() => repo.updateStoreOfUser(db, user.id, found.shop.id, patch, sellerPatch));
      return getStoreByUserId(user.id);
    },

    async updateSellerField(user: AuthUser, body: SellerFieldUpdate) {
      assertSeller(user);
      const sellerPatch = sellerPatchOf(body);
      const fields = await claimingCode(() => repo.updateSellerFields(db, user.id, sellerPatch));
      if (!fields) throw new AppError('NOT_FOUND', 'Seller not found');
      return fields;
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
