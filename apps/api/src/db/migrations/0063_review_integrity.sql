-- Integrity in the open (issue 41). How many public reviews of a product (and of a seller's
-- products) came on each day, in India: a page reads its busiest day with one index probe, to say in
-- plain words when many reviews came at once. Kept by the same trigger as rating_counts.
CREATE TABLE "review_day_counts" (
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"day" date NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_day_counts_pkey" PRIMARY KEY ("subject_id", "subject_kind", "day")
);--> statement-breakpoint
CREATE INDEX "review_day_counts_busiest_idx" ON "review_day_counts" ("subject_id", "subject_kind", "reviews" DESC);--> statement-breakpoint
CREATE FUNCTION "count_post_days"(list jsonb, created timestamptz, sign integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO review_day_counts AS c (subject_kind, subject_id, day, reviews)
	SELECT k.kind, k.id, (created AT TIME ZONE 'Asia/Kolkata')::date, sum(sign)
	FROM jsonb_array_elements(list) AS e,
		LATERAL (VALUES ('product', e->>'productID'), ('seller', e->>'userId')) AS k(kind, id)
	WHERE k.id IS NOT NULL
	GROUP BY 1, 2
	ORDER BY 2, 1
	ON CONFLICT (subject_id, subject_kind, day) DO UPDATE SET reviews = c.reviews + excluded.reviews
$$;--> statement-breakpoint
-- The same condition as the ratings: a public review that is not a business's answer. A seller
-- with two products in one review counts it once a day per product, as its ratings do.
CREATE OR REPLACE FUNCTION "posts_count_ratings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND NOT OLD.is_private AND OLD.kind = 'review' AND OLD.answered_as IS NULL THEN
		PERFORM count_post_ratings(OLD.products, -1);
		PERFORM count_post_days(OLD.products, OLD.created_at, -1);
	END IF;
	IF TG_OP <> 'DELETE' AND NOT NEW.is_private AND NEW.kind = 'review' AND NEW.answered_as IS NULL THEN
		PERFORM count_post_ratings(NEW.products, 1);
		PERFORM count_post_days(NEW.products, NEW.created_at, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A review's day moves with its created_at (imports and fixtures set it).
DROP TRIGGER "posts_count_ratings_update" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_count_ratings_update" AFTER UPDATE OF "products", "is_private", "kind", "created_at" ON "posts" FOR EACH ROW
	WHEN (OLD.products IS DISTINCT FROM NEW.products OR OLD.is_private <> NEW.is_private OR OLD.kind <> NEW.kind
		OR OLD.created_at <> NEW.created_at)
	EXECUTE FUNCTION posts_count_ratings();--> statement-breakpoint
SELECT count_post_days(products, created_at, 1) FROM "posts"
	WHERE products <> '[]'::jsonb AND NOT is_private AND kind = 'review' AND answered_as IS NULL;--> statement-breakpoint
-- The words of a review, normalised (decision 076): the same words from another author go to the
-- moderators' queue. Set when a review is written; older posts have none.
ALTER TABLE "posts" ADD COLUMN "text_key" text;--> statement-breakpoint
CREATE INDEX "posts_text_key_idx" ON "posts" ("text_key") WHERE "text_key" IS NOT NULL;
