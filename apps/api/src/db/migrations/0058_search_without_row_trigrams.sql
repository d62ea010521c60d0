-- The header search no longer compares the typed text with every product and store name by
-- trigrams (issue 39): a misspelt word is corrected once against the words of public names
-- (search_words, migration 0049) and searched again, as "Did you mean" already did. These indexes
-- served only those comparisons; every product or store write paid for them (GIN, no pending list).
DROP INDEX IF EXISTS "products_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_brand_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "shops_name_trgm_idx";
