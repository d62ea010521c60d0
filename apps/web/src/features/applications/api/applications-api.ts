import { useMutation, useQuery } from '@tanstack/react-query';
import {
  citiesResponseSchema,
  countriesResponseSchema,
  DEFAULT_COUNTRY_NAME,
  earlierApplicationResponseSchema,
  influencerCategoriesResponseSchema,
  parentCategoriesResponseSchema,
  registrationResponseSchema,
  sentToResponseSchema,
  statesResponseSchema,
  type VerifyContactRequest,
  type BrandRegistration,
  type EndUserRegistration,
  type RetailerOnboarding,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

// Reference lists change only with a release; the server caches them for five minutes as well.
const LOOKUP_STALE_MS = 5 * 60 * 1000;

export const lookupKeys = {
  countries: ['lookups', 'countries'] as const,
  states: (countryId: string) => ['lookups', 'states', countryId] as const,
  cities: (stateId: string) => ['lookups', 'cities', stateId] as const,
  parentCategories: ['lookups', 'parent-categories'] as const,
  influencerCategories: ['lookups', 'influencer-categories'] as const,
};

export function useCountries() {
  return useQuery({
    queryKey: lookupKeys.countries,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest('/country/getAllCountries', { schema: countriesResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** States of one country; nothing is fetched until the country is known. */
export function useStates(countryId: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.states(countryId ?? ''),
    enabled: !!countryId,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest(`/states/getAllStates?country_id=${encodeURIComponent(countryId ?? '')}`, {
        schema: statesResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}

/** States of India, for the forms that ask only for a state and city. */
export function useIndianStates() {
  const countries = useCountries();
  const india = countries.data?.find((country) => country.name === DEFAULT_COUNTRY_NAME);
  const states = useStates(india?._id);
  return {
    data: states.data,
    isPending: countries.isPending || (!!india && states.isPending),
    isError: countries.isError || states.isError || (countries.isSuccess && !india),
    refetch: () => {
      if (countries.isError) void countries.refetch();
      else void states.refetch();
    },
  };
}

/** Cities of one state; nothing is fetched until the state is chosen. */
export function useCities(stateId: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.cities(stateId ?? ''),
    enabled: !!stateId,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest(`/city/getAllcities?state_id=${encodeURIComponent(stateId ?? '')}`, {
        schema: citiesResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useParentCategories() {
  return useQuery({
    queryKey: lookupKeys.parentCategories,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest('/category/getAllParentCategory', { schema: parentCategoriesResponseSchema, signal }),
    select: (response) => response.Data,
  });
}

export function useInfluencerCategories() {
  return useQuery({
    queryKey: lookupKeys.influencerCategories,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest('/inflncr/getAllInflncrCate', { schema: influencerCategoriesResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/**
 * Registration is anonymous: a stale token from another session must not ride along. A re-application
 * is the one exception: sent with the rejected applicant's session, it replaces their application.
 */
const registrationToken = (reapply: boolean) => (reapply ? {} : { token: null });

export function useRegisterEndUser(reapply = false) {
  return useMutation({
    mutationFn: (body: EndUserRegistration) =>
      apiRequest('/endUsers/registerNewUser', {
        method: 'POST',
        body,
        schema: registrationResponseSchema,
        ...registrationToken(reapply),
      }),
  });
}

export function useRegisterBrand(reapply = false) {
  return useMutation({
    mutationFn: (body: BrandRegistration) =>
      apiRequest('/users/registerNewUser', {
        method: 'POST',
        body,
        schema: registrationResponseSchema,
        ...registrationToken(reapply),
      }),
  });
}

export function useOnboardRetailer(reapply = false) {
  return useMutation({
    mutationFn: (body: RetailerOnboarding) =>
      apiRequest('/users/singleStepOnboardUser', {
        method: 'POST',
        body,
        schema: registrationResponseSchema,
        ...registrationToken(reapply),
      }),
  });
}

/** The signed-in applicant's earlier answers; asked only on the re-application link. */
export function useEarlierApplication(enabled: boolean) {
  return useQuery({
    queryKey: ['applications', 'mine'],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest('/users/myApplication', { schema: earlierApplicationResponseSchema, signal }),
    select: (response) => response.data,
  });
}

export function useVerifyContact() {
  return useMutation({
    mutationFn: (body: VerifyContactRequest) =>
      apiRequest('/users/verifyContact', { method: 'POST', body, schema: sentToResponseSchema }),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest('/users/resendVerificationCode', {
        method: 'POST',
        body: { _id: userId },
        schema: sentToResponseSchema,
      }),
  });
}
