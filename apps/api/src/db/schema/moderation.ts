import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ModerationAction, ReportReason } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { posts } from './posts.js';
import { users } from './users.js';

/** The audit record of every hide, restore and remove: who, when, what, why (migration 0025). */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: idColumn(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** Copied so the record still says what was moderated after the post is deleted. */
    postTitle: text('post_title').notNull().default(''),
    action: text('action').$type<ModerationAction>().notNull(),
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    /** The action this one undid (migration 0051); an undo cannot itself be undone. */
    undoesId: text('undoes_id').references((): AnyPgColumn => moderationActions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_post_idx').on(t.postId, t.createdAt)],
);

/** "Report this post", from anyone; open until a moderator acts on the post. */
export const postReports = pgTable(
  'post_reports',
  {
    id: idColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    clientIp: text('client_ip'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('post_reports_open_idx')
      .on(t.postId)
      .where(sql`${t.resolvedAt} is null`),
    index('post_reports_ip_idx').on(t.clientIp, t.createdAt),
    index('post_reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
