-- Domain events and notification opt-outs (decision 029). Modules record facts in the same
-- transaction as the fact; the notifications module sends messages for them afterwards.
CREATE TABLE "domain_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("created_at") WHERE "domain_events"."handled_at" is null;
--> statement-breakpoint
CREATE TABLE "notification_opt_outs" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_opt_outs_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
