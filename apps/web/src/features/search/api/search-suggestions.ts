import { useEffect, useState } from 'react';
import { searchSuggestResponseSchema, type SearchSuggestion } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * Suggestions while typing in the header (stores, products, or the corrected words), from two
 * letters on. The header sits outside the pages' query client (which stays out of the landing
 * page's script), so this is a plain request, the one before it cancelled; the previous list stays
 * while the next is asked for, so it does not flicker. A failure leaves the list empty: Enter
 * still searches.
 */
export function useSearchSuggestions(q: string): SearchSuggestion[] {
  const [list, setList] = useState<SearchSuggestion[]>([]);
  useEffect(() => {
    if (q.length < 2) return;
    const controller = new AbortController();
    apiRequest(`/search/suggest?${new URLSearchParams({ q }).toString()}`, {
      schema: searchSuggestResponseSchema,
      signal: controller.signal,
    }).then(
      (res) => setList(res.data.suggestions),
      () => {
        if (!controller.signal.aborted) setList([]);
      },
    );
    return () => controller.abort();
  }, [q]);
  return q.length < 2 ? [] : list;
}
