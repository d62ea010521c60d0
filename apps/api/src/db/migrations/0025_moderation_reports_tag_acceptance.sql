-- Moderators hide, restore and remove posts (issue 22). A post a moderator hid or removed is kept
-- private by the database itself: every public list, feed, profile, search and the recent-search
-- window already leave private posts out (as held posts, decision 020), so none of them changed.
-- The author's own privacy choice waits in author_private and comes back on restore.
ALTER TABLE "posts" ADD COLUMN "moderation_state" text DEFAULT 'visible' NOT NULL;
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_moderation_state_check" CHECK ("moderation_state" IN ('visible', 'hidden', 'removed'));
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_private" boolean;
--> statement-breakpoint
-- Whatever writes a moderated post (a held post's confirmation, an edit) cannot make it public: the
-- wanted privacy is kept for the restore and the post stays private until a moderator restores it.
CREATE FUNCTION posts_moderation_visibility() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.moderation_state <> 'visible' THEN
    IF TG_OP = 'INSERT' OR OLD.moderation_state = 'visible' OR NEW.is_private IS DISTINCT FROM OLD.is_private THEN
      NEW.author_private := NEW.is_private;
    END IF;
    NEW.is_private := true;
  ELSIF TG_OP = 'UPDATE' AND OLD.moderation_state <> 'visible' THEN
    NEW.is_private := COALESCE(NEW.author_private, NEW.is_private);
    NEW.author_private := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_moderation_visibility BEFORE INSERT OR UPDATE ON posts FOR EACH ROW
  EXECUTE FUNCTION posts_moderation_visibility();--> statement-breakpoint
-- Who did what to which post, when and why. The post's title is copied: the record outlives the post.
CREATE TABLE "moderation_actions" (
  "id" text PRIMARY KEY NOT NULL,
  "post_id" text REFERENCES "posts"("id") ON DELETE SET NULL,
  "post_title" text DEFAULT '' NOT NULL,
  -- hide | restore | remove
  "action" text NOT NULL,
  "reason" text NOT NULL,
  "actor_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "moderation_actions_post_idx" ON "moderation_actions" ("post_id", "created_at");
--> statement-breakpoint
-- "Report this post": anyone, visitors too; capped per client address and per account.
CREATE TABLE "post_reports" (
  "id" text PRIMARY KEY NOT NULL,
  "post_id" text NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  -- spam | abusive | fake | other
  "reason" text NOT NULL,
  "details" text DEFAULT '' NOT NULL,
  "reporter_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "client_ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- set when a moderator acts on the post: the report leaves the queue
  "resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "post_reports_open_idx" ON "post_reports" ("post_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "post_reports_ip_idx" ON "post_reports" ("client_ip", "created_at");
--> statement-breakpoint
CREATE INDEX "post_reports_reporter_idx" ON "post_reports" ("reporter_id", "created_at");
--> statement-breakpoint
-- A tag reaches a profile's lists only once the profile's owner accepts it (or has auto-accept on).
-- Tags made before this migration stay accepted: their owners saw them listed already.
ALTER TABLE "mentions" ADD COLUMN "state" text DEFAULT 'accepted' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mentions" ALTER COLUMN "state" SET DEFAULT 'pending';
--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_state_check" CHECK ("state" IN ('pending', 'accepted', 'declined'));
--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "decided_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "mentions_pending_idx" ON "mentions" ("tagged_user_id", "created_at") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE TABLE "tag_settings" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "auto_accept" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
