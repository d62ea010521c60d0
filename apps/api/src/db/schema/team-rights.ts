import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TeamRight } from '@app/domain';
import { users } from './users.js';

/** A right the admin granted a team member (decision 028); the admin holds every right without rows. */
export const teamRights = pgTable(
  'team_rights',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').$type<TeamRight>().notNull(),
    grantedById: text('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
