-- One search in the header (issue 22, decision 024): posts and queries already carry generated
-- tsvector columns; products and stores get theirs here, and trigram indexes (pg_trgm, which
-- PostgreSQL ships as a trusted extension) on the names people type half
-- or misspelt: "Kaveri" finds "Kaveri Silks", "samsnug" finds Samsung.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "prdct_name" || ' ' || "brand" || ' ' || "model"), 'A') || setweight(to_tsvector('english', "child_category_name" || ' ' || "tag_name" || ' ' || "colour" || ' ' || "description"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("brand" || ' ' || "model" || ' ' || "prdct_name")) STORED NOT NULL;--> statement-breakpoint
-- Only active products are ever searched, so only they are indexed. No pending list: a search
-- would read it whole (as posts_search_idx, migration 0014).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate = false) WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate = false) WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_brand_trgm_idx" ON "products" USING gin (lower("brand") gin_trgm_ops) WITH (fastupdate = false) WHERE "is_active";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "area" || ' ' || "city"), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "shops_search_idx" ON "shops" USING gin ("search_vector") WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "shops_name_trgm_idx" ON "shops" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate = false);
