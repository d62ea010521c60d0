import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { siteSearchResponseSchema, type SearchKind } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export type SearchKindParam = 'all' | SearchKind;

/** The header search's results: every kind at once, or one kind a page at a time. */
export function useSiteSearch(q: string, kind: SearchKindParam, page: number) {
  return useQuery({
    queryKey: ['site-search', q, kind, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, kind, page: String(page) });
      return apiRequest(`/search?${params.toString()}`, { schema: siteSearchResponseSchema, signal });
    },
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
