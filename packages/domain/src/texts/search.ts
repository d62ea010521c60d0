// Texts of `search.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { SearchKind } from '../search.js';

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  posts: 'Posts',
  queries: 'Queries',
  products: 'Products',
  stores: 'Stores',
};
