import { paths } from '../../../lib/routes';
import type { SearchKindParam } from '../api/search-api';

/** The results page for a text, optionally one kind and a page of it. */
export function searchPath(q: string, kind: SearchKindParam = 'all', page = 1): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (kind !== 'all') params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  return `${paths.search}?${params.toString()}`;
}
