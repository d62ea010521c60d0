-- A product page's reviews by key (issue 41, bench/product-reviews.mjs): every public post that tags
-- a product, as (product, created_at, post). The page walks this primary key backwards and reads six
-- posts by theirs; before, PostgreSQL re-planned the posts' GIN containment for each product (the
-- only plan it could keep read all 10,000 matches), and planning cost two to four times the run.
-- Kept by triggers on posts, as recent_post_search is; no foreign key, so deleting a post is not a
-- scan of this table (its trigger deletes its rows by key).
CREATE TABLE "product_posts" (
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"post_id" text NOT NULL,
	CONSTRAINT "product_posts_pkey" PRIMARY KEY ("product_id", "created_at", "post_id")
);--> statement-breakpoint
CREATE FUNCTION "product_posts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND NOT OLD.is_private THEN
		DELETE FROM product_posts
		WHERE product_id IN (SELECT e->>'productID' FROM jsonb_array_elements(OLD.products) AS e)
			AND created_at = OLD.created_at AND post_id = OLD.id;
	END IF;
	IF TG_OP <> 'DELETE' AND NOT NEW.is_private THEN
		INSERT INTO product_posts (product_id, created_at, post_id)
		SELECT DISTINCT e->>'productID', NEW.created_at, NEW.id
		FROM jsonb_array_elements(NEW.products) AS e WHERE e->>'productID' IS NOT NULL
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_posts_insert" AFTER INSERT ON "posts" FOR EACH ROW
	WHEN (NEW.products <> '[]'::jsonb AND NOT NEW.is_private) EXECUTE FUNCTION product_posts_sync();--> statement-breakpoint
CREATE TRIGGER "product_posts_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (OLD.products IS DISTINCT FROM NEW.products OR OLD.is_private <> NEW.is_private OR OLD.created_at <> NEW.created_at)
	EXECUTE FUNCTION product_posts_sync();--> statement-breakpoint
CREATE TRIGGER "product_posts_delete" AFTER DELETE ON "posts" FOR EACH ROW
	WHEN (OLD.products <> '[]'::jsonb AND NOT OLD.is_private) EXECUTE FUNCTION product_posts_sync();--> statement-breakpoint
INSERT INTO "product_posts" (product_id, created_at, post_id)
	SELECT DISTINCT e->>'productID', p.created_at, p.id
	FROM "posts" p, jsonb_array_elements(p.products) AS e
	WHERE NOT p.is_private AND p.products <> '[]'::jsonb AND e->>'productID' IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "product_posts";--> statement-breakpoint
-- A moderator's hide or remove sets only moderation_state; the BEFORE trigger of migration 0025
-- makes the post private. An AFTER UPDATE OF is_private trigger does not fire for a column a
-- trigger changed, only for one the statement names, so the ratings (0060, 0063) and the search
-- window's copy (0014) kept a hidden post. Their triggers now fire on any update and keep their
-- conditions, which compare the row as stored.
DROP TRIGGER "posts_count_ratings_update" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_count_ratings_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (OLD.products IS DISTINCT FROM NEW.products OR OLD.is_private <> NEW.is_private OR OLD.kind <> NEW.kind
		OR OLD.created_at <> NEW.created_at)
	EXECUTE FUNCTION posts_count_ratings();--> statement-breakpoint
DROP TRIGGER "posts_recent_search_update" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_recent_search_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
		OR OLD.is_private IS DISTINCT FROM NEW.is_private OR OLD.created_at IS DISTINCT FROM NEW.created_at)
	EXECUTE FUNCTION recent_post_search_copy();--> statement-breakpoint
-- Counts that the hidden and removed posts kept are counted again.
DELETE FROM "rating_counts";--> statement-breakpoint
DELETE FROM "review_day_counts";--> statement-breakpoint
SELECT count_post_ratings(products, 1), count_post_days(products, created_at, 1) FROM "posts"
	WHERE products <> '[]'::jsonb AND NOT is_private AND kind = 'review' AND answered_as IS NULL;--> statement-breakpoint
DELETE FROM "recent_post_search" r USING "posts" p WHERE p.id = r.post_id AND p.is_private;
