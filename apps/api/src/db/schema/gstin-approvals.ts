import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GstinRequestState } from '@app/domain';
import { idColumn } from './columns.js';
import { users } from './users.js';

/**
 * A GSTIN a seller gave with their tax details (decision 069). It waits (PENDING) until an admin
 * approves it, and only then goes on the store (`shops.gstin`), which is what documents print; a
 * refusal keeps the admin's reason for the seller. One PENDING row per seller at most: giving
 * another GSTIN replaces it, giving the approved one or none withdraws it.
 */
export const gstinRequests = pgTable(
  'gstin_requests',
  {
    id: idColumn(),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstin: text('gstin').notNull(),
    /** The PAN the seller gave: always characters 3 to 12 of the GSTIN. */
    pan: text('pan').notNull(),
    state: text('state').$type<GstinRequestState>().notNull().default('PENDING'),
    /** The admin's reason for a refusal, which the seller reads; '' otherwise. */
    reason: text('reason').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Kept when the deciding admin's account is later removed; their name stays with the row. */
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('gstin_requests_one_pending_key')
      .on(t.sellerUserId)
      .where(sql`${t.state} = 'PENDING'`),
    index('gstin_requests_pending_gstin_idx')
      .on(t.gstin)
      .where(sql`${t.state} = 'PENDING'`),
    index('gstin_requests_seller_idx').on(t.sellerUserId, t.requestedAt),
    check('gstin_requests_state', sql`${t.state} in ('PENDING', 'APPROVED', 'REFUSED', 'WITHDRAWN')`),
    check('gstin_requests_pan_of_gstin', sql`substr(${t.gstin}, 3, 10) = ${t.pan}`),
  ],
);

/**
 * Seller accounts an admin linked as one legal entity (decision 069): accounts of one entity may
 * carry the same GSTIN; any other account giving it is refused. An account is in one entity at most.
 */
export const legalEntityMembers = pgTable(
  'legal_entity_members',
  {
    sellerUserId: text('seller_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull(),
    linkedById: text('linked_by_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('legal_entity_members_entity_idx').on(t.entityId)],
);
