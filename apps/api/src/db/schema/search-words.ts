import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The words of store names and of product names, brands and models, with how often each was
 * written (migration 0049, filled by triggers): what a word typed wrong is corrected to (issue 39).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  uses: integer('uses').notNull().default(1),
});

/**
 * Each search word of five letters or more under every spelling of it less one letter (migration
 * 0059, filled by a trigger on search_words): a word typed one edit away from a known word shares
 * one of these with it, which is how "Did you mean" finds it by key (closestWords).
 */
export const searchWordDeletes = pgTable(
  'search_word_deletes',
  {
    variant: text('variant').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.word] })],
);
