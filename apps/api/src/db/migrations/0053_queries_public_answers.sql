-- A store's answered questions (issue 39: `answeredOf` for a store with thousands of unanswered
-- ones): each question keeps how many public answers it has, kept by the writes to posts, so the
-- page walks only the answered questions, newest first, from a partial index, and never probes the
-- answers of every unanswered one. "Public" is what the lists read: not private (held, moderated
-- and private posts are private, migration 0025's trigger).
ALTER TABLE "queries" ADD COLUMN "public_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "queries" q SET "public_answers" = a.n
FROM (SELECT "query_id", count(*)::int AS n FROM "posts" WHERE "query_id" IS NOT NULL AND NOT "is_private" GROUP BY "query_id") a
WHERE a."query_id" = q."id";--> statement-breakpoint
CREATE FUNCTION "queries_count_public_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.query_id IS NOT NULL AND NOT OLD.is_private THEN
		UPDATE queries SET public_answers = public_answers - 1 WHERE id = OLD.query_id;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.query_id IS NOT NULL AND NOT NEW.is_private THEN
		UPDATE queries SET public_answers = public_answers + 1 WHERE id = NEW.query_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_count_public_answers" AFTER INSERT OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION queries_count_public_answers();--> statement-breakpoint
-- Any update (not UPDATE OF: migration 0025's trigger makes a moderated post private without naming
-- is_private), but only when the question or the privacy changed.
CREATE TRIGGER "posts_count_public_answers_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (OLD.query_id IS DISTINCT FROM NEW.query_id OR OLD.is_private IS DISTINCT FROM NEW.is_private)
	EXECUTE FUNCTION queries_count_public_answers();--> statement-breakpoint
CREATE INDEX "queries_answered_of_idx" ON "queries" ("scope_user_id", "created_at" DESC, "id" DESC) WHERE "public_answers" > 0 AND NOT "awaiting_confirmation";
