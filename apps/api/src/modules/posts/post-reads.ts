// What other modules read of posts (issue 42): a module reaches another only through what it
// exports, never its repository. The public columns keep e-mail, mobile and moderation fields out of
// every module's post reads alike; the searches rank posts as the posts page does.
export {
  bestPostMatches,
  cachedWindowStart as searchWindowSince,
  countPostsByQueries,
  publicPostColumns,
  searchPosts,
  type PostMatch,
  type PostRow,
} from './posts.repository.js';
