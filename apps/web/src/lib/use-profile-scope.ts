import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { influencerResponseSchema, publicShopResponseSchema } from '@app/domain';
import { apiRequest } from './api-client';
import type { ProfileScope } from './routes';

export interface ProfileRef {
  scope: ProfileScope;
  id: string;
}

/**
 * The profile a scoped route is about, read from its parameter name: `brandUserId`, `storeUserId`,
 * `spId` (service provider) or `influencerId`. Unscoped routes give null.
 */
export function useProfileFromParams(): ProfileRef | null {
  const params = useParams();
  if (params.brandUserId) return { scope: 'brand', id: params.brandUserId };
  if (params.storeUserId) return { scope: 'store', id: params.storeUserId };
  if (params.spId) return { scope: 'service', id: params.spId };
  if (params.influencerId) return { scope: 'influencer', id: params.influencerId };
  return null;
}

/** The public name of a brand, store, influencer or service provider. */
export function useProfileName(profile: ProfileRef | null) {
  return useQuery({
    queryKey: ['profile-name', profile?.scope, profile?.id],
    enabled: !!profile,
    staleTime: 5 * 60 * 1000,
    queryFn: async ({ signal }) => {
      const { scope, id } = profile!;
      if (scope === 'brand' || scope === 'store') {
        const shop = await apiRequest(
          `/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${encodeURIComponent(id)}`,
          { schema: publicShopResponseSchema, signal },
        );
        return shop.Data.name;
      }
      const person = await apiRequest(
        `/inflncr/getSinlgeInfluencerDetailsWithOutMobileAndEmail/${encodeURIComponent(id)}`,
        { schema: influencerResponseSchema, signal },
      );
      return person.Data.name;
    },
  });
}
