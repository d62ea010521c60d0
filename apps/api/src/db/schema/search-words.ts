import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of store names and of product names, brands and models, with how often each was
 * written (migration 0049, filled by triggers): what a word typed wrong is corrected to (issue 39).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  uses: integer('uses').notNull().default(1),
});
