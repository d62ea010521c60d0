import { MESSAGES, SEARCH_KIND_LABELS } from '@app/domain';

/** The site search's results page (/search). */
export default {
  title: 'Search',
  resultsFor: 'Results for “{q}”',
  kindFor: '{kind} for “{q}”',
  resultsForm: 'Results',
  searchWords: 'Search words',
  search: 'Search',
  allResultsFor: 'All results for “{q}”',
  hint: 'Type a word from a review, a question, a product, a brand or a store.',
  searching: 'Searching…',
  couldNotSearch: 'Could not search',
  noResults: MESSAGES.noResults,
  kindPosts: SEARCH_KIND_LABELS.posts,
  kindQueries: SEARCH_KIND_LABELS.queries,
  kindProducts: SEARCH_KIND_LABELS.products,
  kindStores: SEARCH_KIND_LABELS.stores,
  morePosts: 'More posts',
  moreQueries: 'More queries',
  moreProducts: 'More products',
  moreStores: 'More stores',
  pages: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
};
