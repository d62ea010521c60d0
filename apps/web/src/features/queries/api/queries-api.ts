import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { askQueryFormSchema } from '@app/domain';
import {
  appSearchResponseSchema,
  messageOnlySchema,
  postsByQueryResponseSchema,
  profileHitSchema,
  queryListResponseSchema,
  queryResponseSchema,
  questionsAskedResponseSchema,
  webSearchResponseSchema,
  pageCallPaths,
  RESPONSES_PAGE_SIZE,
  type Consent,
  type ProfileHit,
  type PublicPost,
  type QueryScope,
  type Reachout,
} from '@app/domain';
import { z } from 'zod';
import { apiRequest, isApiError } from '../../../lib/api-client';

const profileHitsSchema = appSearchResponseSchema.extend({ Data: z.array(profileHitSchema) });

/** Brands, stores, influencers or service providers whose name contains the text (the pickers). */
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

export interface AskQueryInput {
  form: z.infer<typeof askQueryFormSchema>;
  scope: QueryScope;
  scopeUserId?: string | undefined;
  /** The visitor's "18 or older" box (decision 040); left out when signed in. */
  consent?: Consent | undefined;
}

/** Asks a query: `app/webSearch` with userData. A 404 only says no post answers it yet. */
export function useAskQuery() {
  return useMutation({
    mutationFn: async ({ form, scope, scopeUserId, consent }: AskQueryInput) => {
      const body = {
        ...(consent ? { consent } : {}),
        search: form.query,
        type: scope,
        scopeUserId: scope === 'anything' ? undefined : scopeUserId,
        userData: { name: form.name, email: form.emailId, mobile: form.contactNum },
        pagination: { page: 1, limit: RESPONSES_PAGE_SIZE },
      };
      // 404 "No results found!" still stored the query: its answer says where codes went.
      return apiRequest('/app/webSearch', {
        method: 'POST',
        body,
        schema: webSearchResponseSchema,
        answerStatuses: [404],
      });
    },
  });
}

export interface QueryListFilter {
  filterKey: string;
  scope?: QueryScope | undefined;
  scopeUserId?: string | undefined;
}

/** Queries asked, newest first, a page at a time by key (the server's `next`). */
export function useQueryList(filter: QueryListFilter) {
  return useInfiniteQuery({
    queryKey: ['queries', filter],
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: z.infer<typeof queryListResponseSchema>) => last.next ?? undefined,
    queryFn: ({ pageParam, signal }): Promise<z.infer<typeof queryListResponseSchema>> =>
      apiRequest('/userData/getAllUniqueWithFilterKeySearcheswithUserInfo', {
        method: 'POST',
        body: {
          filterKey: filter.filterKey,
          scope: filter.scope,
          scopeUserId: filter.scopeUserId,
          after: pageParam,
          pagination: { page: 1, limit: RESPONSES_PAGE_SIZE },
        },
        schema: queryListResponseSchema,
        signal,
      }),
  });
}

export function useQueryDetails(id: string | undefined) {
  return useQuery({
    queryKey: ['query', id],
    enabled: !!id,
    queryFn: ({ signal }) => apiRequest(pageCallPaths.question(id!), { schema: queryResponseSchema, signal }),
  });
}

/** Similar Responses: posts sharing words with the query, best match first; 404 means none. */
export function useSimilarResponses(text: string, enabled: boolean) {
  return useQuery({
    queryKey: ['similar-responses', text],
    enabled,
    queryFn: async ({ signal }): Promise<PublicPost[]> => {
      try {
        const res = await apiRequest('/app/webSearch', {
          method: 'POST',
          body: { search: text, pagination: { page: 1, limit: RESPONSES_PAGE_SIZE } },
          schema: webSearchResponseSchema,
          signal,
        });
        return res.Data;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/** Direct Responses: posts made for this query. */
export function useDirectResponses(queryId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['direct-responses', queryId],
    enabled,
    queryFn: async ({ signal }) =>
      // The question page's own call (shared-page-calls): answered inside its HTML when shared.
      (
        await apiRequest(pageCallPaths.questionAnswers, {
          method: 'POST',
          body: pageCallPaths.questionAnswersBody(queryId),
          schema: postsByQueryResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useReachout() {
  return useMutation({
    mutationFn: (body: Reachout) =>
      apiRequest('/adminDataColl/reachoutCreator', { method: 'POST', body, schema: messageOnlySchema }),
  });
}

/** The Questions page: questions asked of the signed-in person's profiles, unanswered first. */
export function useQuestionsAsked() {
  return useInfiniteQuery({
    queryKey: ['questions-asked', 'list'],
    initialPageParam: 1,
    getNextPageParam: (last: z.infer<typeof questionsAskedResponseSchema>, all: unknown[]) =>
      last.more ? all.length + 1 : undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/queries/askedOfMe?page=${pageParam}`, { schema: questionsAskedResponseSchema, signal }),
  });
}
