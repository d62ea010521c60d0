-- The Similar Responses search ranks the newest public posts (issue 8). Finding them through the
-- GIN index of all posts decodes every match of common words across a million posts first; this
-- table holds the search vectors of the newest posts only, with its own GIN index.
CREATE TABLE "recent_post_search" (
	"post_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recent_post_search" ADD CONSTRAINT "recent_post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_post_search_idx" ON "recent_post_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "recent_post_search_created_idx" ON "recent_post_search" USING btree ("created_at");--> statement-breakpoint
-- Every public post is copied in as it is written, and taken out when it turns private (deleting a
-- post cascades). Rows older than the window are trimmed by the API as the window moves
-- (trimSearchWindow); until then the search's created_at condition leaves them out.
CREATE FUNCTION recent_post_search_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_private THEN
    DELETE FROM recent_post_search WHERE post_id = NEW.id;
  ELSE
    INSERT INTO recent_post_search (post_id, created_at, search_vector)
      VALUES (NEW.id, NEW.created_at, NEW.search_vector)
      ON CONFLICT (post_id) DO UPDATE
      SET created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_recent_search_insert AFTER INSERT ON posts FOR EACH ROW
  EXECUTE FUNCTION recent_post_search_copy();--> statement-breakpoint
CREATE TRIGGER posts_recent_search_update AFTER UPDATE OF title, description, is_private, created_at ON posts
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.is_private IS DISTINCT FROM NEW.is_private OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION recent_post_search_copy();--> statement-breakpoint
-- Fills the table with the newest `size` public posts: here, and after a bulk load that ran with the
-- triggers off (bench/posts.mjs).
CREATE FUNCTION refill_recent_post_search(size integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM recent_post_search;
  INSERT INTO recent_post_search (post_id, created_at, search_vector)
    SELECT id, created_at, search_vector FROM posts WHERE NOT is_private
    ORDER BY created_at DESC, id DESC LIMIT size;
$$;--> statement-breakpoint
-- SEARCH_WINDOW in posts.repository.ts.
SELECT refill_recent_post_search(20000);--> statement-breakpoint
-- The GIN index of all posts (searched when the window holds less than a page of matches) keeps no
-- pending list either; what is pending now is merged first.
ALTER INDEX "posts_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('posts_search_idx');
