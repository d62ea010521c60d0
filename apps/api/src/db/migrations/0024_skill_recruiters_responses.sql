-- Skill discovery (decision 026): who the admin approved as a recruiter (they see private skill
-- posts), and the responses sent to skill and requirement posts through the platform.
CREATE TABLE "recruiter_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company" text NOT NULL,
	"hires_for" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by_id" text REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruiter_applications_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recruiter_applications_user_key" ON "recruiter_applications" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "recruiter_applications_status_idx" ON "recruiter_applications" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "skill_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL REFERENCES "posts"("id") ON DELETE cascade,
	"recipient_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"responder_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"from_name" text NOT NULL,
	"message" text NOT NULL,
	"reply_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "skill_responses_recipient_idx" ON "skill_responses" USING btree ("recipient_user_id","created_at");
--> statement-breakpoint
CREATE INDEX "skill_responses_responder_idx" ON "skill_responses" USING btree ("responder_user_id","created_at");
--> statement-breakpoint
CREATE INDEX "skill_responses_reply_to_idx" ON "skill_responses" USING btree ("reply_to","created_at");
