CREATE TABLE "influencer_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queries" (
	"id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"asker_id" text,
	"asker_name" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT 'anything' NOT NULL,
	"scope_user_id" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "queries"."text")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reachouts" (
	"id" text PRIMARY KEY NOT NULL,
	"influencer_id" text NOT NULL,
	"sender_email" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentions" (
	"id" text PRIMARY KEY NOT NULL,
	"source_post_id" text NOT NULL,
	"post_id" text,
	"tagged_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"product_id" text,
	"tagged_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "locations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "influencer_user_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "posts"."title"), 'A') || setweight(to_tsvector('english', "posts"."description"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "influencer_profiles" ADD CONSTRAINT "influencer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_scope_user_id_users_id_fk" FOREIGN KEY ("scope_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reachouts" ADD CONSTRAINT "reachouts_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_source_post_id_posts_id_fk" FOREIGN KEY ("source_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_tagged_user_id_users_id_fk" FOREIGN KEY ("tagged_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_tagged_by_id_users_id_fk" FOREIGN KEY ("tagged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "influencer_profiles_name_idx" ON "influencer_profiles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "queries_search_idx" ON "queries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "queries_created_idx" ON "queries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "queries_scope_user_idx" ON "queries" USING btree ("scope_user_id","created_at");--> statement-breakpoint
CREATE INDEX "queries_asker_idx" ON "queries" USING btree ("asker_id");--> statement-breakpoint
CREATE INDEX "reachouts_influencer_idx" ON "reachouts" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "mentions_tagged_user_idx" ON "mentions" USING btree ("tagged_user_id","created_at");--> statement-breakpoint
CREATE INDEX "mentions_source_post_idx" ON "mentions" USING btree ("source_post_id");--> statement-breakpoint
CREATE INDEX "mentions_created_idx" ON "mentions" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_influencer_user_id_users_id_fk" FOREIGN KEY ("influencer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_influencer_user_idx" ON "posts" USING btree ("influencer_user_id");--> statement-breakpoint
CREATE INDEX "posts_query_idx" ON "posts" USING btree ("query_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_mention_post_idx" ON "posts" USING btree ("mention_post_id");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("created_at","id") WHERE not "posts"."is_private";--> statement-breakpoint
-- Everyone who already posted gets an influencer profile, so their posts list under a profile.
INSERT INTO "influencer_profiles" ("user_id", "name")
SELECT DISTINCT "posts"."author_id", "users"."owner_name"
FROM "posts" JOIN "users" ON "users"."id" = "posts"."author_id"
ON CONFLICT DO NOTHING;
