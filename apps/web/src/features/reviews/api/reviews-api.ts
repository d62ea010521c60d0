import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  addReviewResponseSchema,
  appSearchResponseSchema,
  FEED_PAGE_SIZE,
  influencerCategoriesResponseSchema,
  mentionListResponseSchema,
  myItemsResponseSchema,
  pageCallPaths,
  postPageResponseSchema,
  postResponseSchema,
  productListResponseSchema,
  profileHitSchema,
  queryResponseSchema,
  type NewPostInput,
  type PostPage,
  type ProfileHit,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import type { ProfileScope } from '../../../lib/routes';

const profileHitsSchema = appSearchResponseSchema.extend({ Data: z.array(profileHitSchema) });

/** Profiles of the given kinds whose name contains the text (the store, brand and tag pickers). */
export function useProfileSearch(kinds: ReadonlyArray<ProfileHit['kind']>, text: string) {
  return useQuery({
    queryKey: ['profile-search', kinds, text],
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<ProfileHit[]> => {
      const pages = await Promise.all(
        kinds.map((type) =>
          apiRequest('/app/search', {
            method: 'POST',
            body: { search: text, type, pagination: { page: 1, limit: 10 } },
            schema: profileHitsSchema,
            signal,
          }),
        ),
      );
      return pages.flatMap((p) => p.Data);
    },
  });
}

/** The products a brand or store sells, for tagging in a review. */
export function useCatalogue(userId: string | undefined) {
  return useQuery({
    queryKey: ['catalogue', userId],
    enabled: !!userId,
    staleTime: 5 * 60 * 1000,
    queryFn: ({ signal }) =>
      apiRequest(`/products/getProductOnUserId/${encodeURIComponent(userId!)}/1/1000`, {
        schema: productListResponseSchema,
        signal,
      }),
  });
}

export function useInfluencerCategories() {
  return useQuery({
    queryKey: ['influencer-categories'],
    staleTime: 60 * 60 * 1000,
    queryFn: ({ signal }) =>
      apiRequest('/inflncr/getAllInflncrCate', { schema: influencerCategoriesResponseSchema, signal }),
  });
}

export function useQueryBeingAnswered(queryId: string | undefined) {
  return useQuery({
    queryKey: ['query', queryId],
    enabled: !!queryId,
    queryFn: ({ signal }) =>
      apiRequest(`/queries/getQuery/${encodeURIComponent(queryId!)}`, {
        schema: queryResponseSchema,
        signal,
      }),
  });
}

export function useAddReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPostInput) =>
      apiRequest('/inflncr/addReview', { method: 'POST', body, schema: addReviewResponseSchema }),
    // A new post or tag changes every list it can appear in.
    onSuccess: () =>
      Promise.all(
        [
          'recent-reviews',
          'tagged-reviews',
          'post-mentions',
          'queries',
          'direct-responses',
          'similar-responses',
        ].map((key) => client.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

export function usePost(infId: string | undefined, postId: string | undefined) {
  return useQuery({
    queryKey: ['post', infId, postId],
    enabled: !!infId && !!postId,
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.post(infId!, postId!), {
        schema: postResponseSchema,
        signal,
      }),
  });
}

/** Recent Reviews: the whole feed, or the posts about one profile; paged by key. */
export function useRecentReviews(profileId: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['recent-reviews', profileId ?? 'all'],
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PostPage) => last.next ?? undefined,
    queryFn: ({ pageParam, signal }): Promise<PostPage> => {
      const after = pageParam ? `?after=${encodeURIComponent(pageParam)}` : '';
      const path = profileId
        ? `/inflncr/getPostsByTaggedStoreUserId/${encodeURIComponent(profileId)}${after}`
        : `/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/${FEED_PAGE_SIZE}${after}`;
      return apiRequest(path, { schema: postPageResponseSchema, signal });
    },
  });
}

const MENTIONS_PAGE = 10;
type MentionPage = z.infer<typeof mentionListResponseSchema>;

/** Tagged Reviews: tags of every profile, of a store or brand, or of an influencer or service provider. */
export function useTaggedReviews(profile: { scope: ProfileScope; id: string } | null) {
  return useInfiniteQuery({
    queryKey: ['tagged-reviews', profile?.scope ?? 'all', profile?.id ?? ''],
    initialPageParam: 1,
    getNextPageParam: (last: MentionPage, _all: MentionPage[], page: number) =>
      last.Data.length === MENTIONS_PAGE ? page + 1 : undefined,
    queryFn: ({ pageParam, signal }): Promise<MentionPage> => {
      const pagination = { page: pageParam, limit: MENTIONS_PAGE };
      if (!profile) {
        return apiRequest('/mention/getAllMentionsWithSourcePostWithOutMobileAndEmail', {
          method: 'POST',
          body: { pagination },
          schema: mentionListResponseSchema,
          signal,
        });
      }
      const byStore = profile.scope === 'brand' || profile.scope === 'store';
      return apiRequest(
        byStore
          ? '/mention/getAllMentionsWithSourcePostByTaggedStore'
          : '/mention/getAllValidatedMentionsWithSourcePostForServiceProviders',
        {
          method: 'POST',
          body: byStore ? { storeUserId: profile.id, pagination } : { userId: profile.id, pagination },
          schema: mentionListResponseSchema,
          signal,
        },
      );
    },
  });
}

/** The tags a post received, shown under it. */
export function usePostMentions(infId: string | undefined, postId: string | undefined) {
  return useQuery({
    queryKey: ['post-mentions', infId, postId],
    enabled: !!infId && !!postId,
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.postMentions, {
        method: 'POST',
        body: pageCallPaths.postMentionsBody(infId!, postId!),
        schema: myItemsResponseSchema,
        signal,
      }),
  });
}
