-- Helpful votes, accepted answers and the business's reply (issue 41).
-- A vote is one row per proven account and post, its weight 2 when the voter bought a product the
-- post tags here (a verified buyer's "helpful" says more), else 1. The post keeps the count and the
-- weighed sum, changed in the statement that adds or takes away the vote ("Most helpful" sorts by
-- the sum); a deleted account's rows go and its counts stay (decision 040).
ALTER TABLE "posts" ADD COLUMN "helpful_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "helpful_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Set when the question's asker accepted this answer ("Accepted by the asker"); null otherwise.
ALTER TABLE "posts" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
-- The tagged business's public reply under a review, as shown: {text, repliedAs, createdAt, editedAt}.
ALTER TABLE "posts" ADD COLUMN "reply" jsonb;--> statement-breakpoint
CREATE TABLE "post_votes" (
	"post_id" text NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"weight" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_votes_pkey" PRIMARY KEY ("post_id", "user_id"),
	CONSTRAINT "post_votes_weight_known" CHECK ("weight" IN (1, 2))
);--> statement-breakpoint
CREATE INDEX "post_votes_user_idx" ON "post_votes" ("user_id");--> statement-breakpoint
-- Every text a reply had, kept when it is edited: the reply's history.
CREATE TABLE "review_reply_edits" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "review_reply_edits_post_idx" ON "review_reply_edits" ("post_id", "created_at");
