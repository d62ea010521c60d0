-- Suggestions while typing as index range scans (issue 39, decision 066): the stores and products
-- whose name (or brand, model and name) starts with what is typed, read in index order, so a
-- suggestion reads a few index entries instead of ranking every trigram match (bench/search.mjs:
-- p99 32-43x the floor's before).
CREATE INDEX "shops_name_prefix_idx" ON "shops" (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" (lower("prdct_name") text_pattern_ops) WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_search_name_prefix_idx" ON "products" ("search_name" text_pattern_ops) WHERE "is_active";
