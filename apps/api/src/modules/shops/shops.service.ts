import type { GeoPoint, PublicShop } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './shops.repository.js';

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
    user_id: ownerRef,
    users: [ownerRef],
    affiliate_code: owner.affiliateCode,
    remaining_reward_amount: owner.remainingRewardAmount,
    total_rewards_rolledout: owner.totalRewardsRolledOut,
  };
}

export function createShopsService(db: Database) {
  return {
    async getStoreByUserId(userId: string): Promise<PublicShop> {
      const found = await repo.findShopByUserId(db, userId);
      if (!found) throw new AppError('NOT_FOUND', 'Store not found');
      return toPublicShop(found);
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
