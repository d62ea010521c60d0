import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * An account's delivery addresses (issue 38, decision 051): the checkout's address fields without
 * the e-mail, which is the account's. At most one is the default, the one checkout pre-fills.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    houseNo: text('house_no').notNull(),
    street: text('street').notNull(),
    landmark: text('landmark').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    pinCode: text('pin_code').notNull(),
    mobile: text('mobile').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
