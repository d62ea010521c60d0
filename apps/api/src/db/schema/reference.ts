import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Reference data has stable ids (see stableId) so re-seeding never duplicates or renumbers rows.

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const states = pgTable(
  'states',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_name_key').on(t.countryId, t.name)],
);

export const cities = pgTable(
  'cities',
  {
    id: text('id').primaryKey(),
    stateId: text('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_state_name_key').on(t.stateId, t.name)],
);

export const parentCategories = pgTable('parent_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const childCategories = pgTable(
  'child_categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parentCategories.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('child_categories_parent_name_key').on(t.parentId, t.name)],
);

export const influencerCategories = pgTable('influencer_categories', {
  id: text('id').primaryKey(),
  field: text('field').notNull().unique(),
});

export const hashtags = pgTable('hashtags', {
  id: text('id').primaryKey(),
  tag: text('tag').notNull().unique(),
});
