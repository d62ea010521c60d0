import type { PublicPost } from '@app/domain';
import { encodeKeyset } from '../../lib/keyset.js';
import type { PostRow } from './posts.repository.js';

/** The spec's Post shape (content nested under `postData`) from a flat row, invoices left out. */
export function toPublicPost(row: PostRow): PublicPost {
  return withInvoices(row, []);
}

/** The same with its invoices: only for moderators and the post's author. */
export function withInvoices(row: PostRow, invoice: ReadonlyArray<{ url: string }>): PublicPost {
  return {
    _id: row.id,
    infId: row.authorId,
    authorName: row.authorName,
    // Left out of posts that answer no question of the author's own business, as before.
    ...(row.answeredAs ? { answeredAs: row.answeredAs } : {}),
    type: row.type,
    kind: row.kind,
    postData: {
      _id: row.id,
      data: row.media,
      invoice: invoice.map((i) => ({ url: i.url })),
      caption: [{ value: row.title }],
      desc: [{ value: row.description }],
      links: row.links.length > 0 ? [{ data: row.links }] : [],
      products: row.products,
    },
    hasInvoice: row.hasInvoice,
    hashtags: row.hashtags,
    categories: row.categories,
    storeUserId: row.storeUserId,
    brandUserId: row.brandUserId,
    influencerUserId: row.influencerUserId,
    queryId: row.queryId,
    mentionInfId: row.mentionInfId,
    mentionPostId: row.mentionPostId,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    helpfulVotes: row.helpfulVotes,
    ...(row.acceptedAt ? { acceptedByAsker: true as const } : {}),
    ...(row.reply ? { reply: row.reply } : {}),
    ...(row.labels.length > 0 ? { labels: row.labels } : {}),
    // Rows of moderated posts reach only their author and moderators (every public list skips them).
    ...(row.moderationState !== 'visible'
      ? { moderation: { state: row.moderationState, reason: row.moderationReason ?? '' } }
      : {}),
  };
}

/** The cursor continuing after a full page, or null when the page was the last. */
export function nextCursor(rows: PostRow[], limit: number): string | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? encodeKeyset({ createdAt: last.createdAtKey, id: last.id }) : null;
}
