-- Reviews people can trust (issue 41). A product in a review is a verified purchase when its author
-- bought it here: each paid order of a proven buyer (not fully refunded) is a row of
-- verified_purchases, and verifies at most one review of its product (post_id), so one order's
-- rating is never counted as verified twice. A full refund deletes the row and the mark with it.
CREATE TABLE "verified_purchases" (
	"order_id" text PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"buyer_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"product_id" text NOT NULL,
	"ordered_on" date NOT NULL,
	"post_id" text REFERENCES "posts"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "verified_purchases_buyer_idx" ON "verified_purchases" ("buyer_user_id", "product_id", "ordered_on");--> statement-breakpoint
CREATE UNIQUE INDEX "verified_purchases_post_idx" ON "verified_purchases" ("post_id", "product_id") WHERE "post_id" IS NOT NULL;--> statement-breakpoint
-- How many public reviews of a product, and of a seller's products, carry each rating (0: none),
-- verified or not: the product and store pages read their average and histogram from at most ten
-- rows, kept by the write that changes a review (the trigger below), never counted per read.
CREATE TABLE "rating_counts" (
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"stars" smallint NOT NULL,
	"verified" boolean NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_counts_pkey" PRIMARY KEY ("subject_id", "subject_kind", "stars", "verified"),
	CONSTRAINT "rating_counts_kind_known" CHECK ("subject_kind" IN ('product', 'seller')),
	CONSTRAINT "rating_counts_stars_range" CHECK ("stars" BETWEEN 0 AND 5)
);--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) one post's products: each counts for its product and its seller.
-- (No check that a count stays at or above zero: the row an upsert proposes, -1 for a review taken
-- away, would fail it before the conflict makes it an update.) Grouped, so two products of one seller with the same rating are one upsert; in key order, so two
-- reviews of the same products never wait on each other in opposite orders.
CREATE FUNCTION "count_post_ratings"(list jsonb, sign integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO rating_counts AS c (subject_kind, subject_id, stars, verified, reviews)
	SELECT k.kind, k.id, coalesce((e->>'rating')::smallint, 0), coalesce((e->>'ordered')::boolean, false), sum(sign)
	FROM jsonb_array_elements(list) AS e,
		LATERAL (VALUES ('product', e->>'productID'), ('seller', e->>'userId')) AS k(kind, id)
	WHERE k.id IS NOT NULL
	GROUP BY 1, 2, 3, 4
	ORDER BY 2, 1, 3, 4
	ON CONFLICT (subject_id, subject_kind, stars, verified) DO UPDATE SET reviews = c.reviews + excluded.reviews
$$;--> statement-breakpoint
-- A review counts while public (a held, private, hidden or removed post is private: migration 0025)
-- and not a business's answer to a question asked of it.
CREATE FUNCTION "posts_count_ratings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND NOT OLD.is_private AND OLD.kind = 'review' AND OLD.answered_as IS NULL THEN
		PERFORM count_post_ratings(OLD.products, -1);
	END IF;
	IF TG_OP <> 'DELETE' AND NOT NEW.is_private AND NEW.kind = 'review' AND NEW.answered_as IS NULL THEN
		PERFORM count_post_ratings(NEW.products, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_count_ratings_insert" AFTER INSERT ON "posts" FOR EACH ROW
	WHEN (NEW.products <> '[]'::jsonb AND NOT NEW.is_private) EXECUTE FUNCTION posts_count_ratings();--> statement-breakpoint
CREATE TRIGGER "posts_count_ratings_update" AFTER UPDATE OF "products", "is_private", "kind" ON "posts" FOR EACH ROW
	WHEN (OLD.products IS DISTINCT FROM NEW.products OR OLD.is_private <> NEW.is_private OR OLD.kind <> NEW.kind)
	EXECUTE FUNCTION posts_count_ratings();--> statement-breakpoint
CREATE TRIGGER "posts_count_ratings_delete" AFTER DELETE ON "posts" FOR EACH ROW
	WHEN (OLD.products <> '[]'::jsonb AND NOT OLD.is_private) EXECUTE FUNCTION posts_count_ratings();--> statement-breakpoint
SELECT count_post_ratings(products, 1) FROM "posts"
	WHERE products <> '[]'::jsonb AND NOT is_private AND kind = 'review' AND answered_as IS NULL;
