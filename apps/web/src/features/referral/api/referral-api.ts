import { useQuery } from '@tanstack/react-query';
import { referredOrdersResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const referralKeys = { mine: ['referral', 'mine'] as const };

/** The orders the signed-in account referred, with each reward and the balances (decision 055). */
export function useMyReferrals() {
  return useQuery({
    queryKey: referralKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest('/ledger/referrals', { schema: referredOrdersResponseSchema, signal }).then((r) => r.data),
  });
}
