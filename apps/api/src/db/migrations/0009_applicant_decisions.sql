CREATE TABLE "applicant_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by_id" text,
	"decided_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_decisions" ADD CONSTRAINT "applicant_decisions_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_decisions" ADD CONSTRAINT "applicant_decisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_decisions_applicant_idx" ON "applicant_decisions" USING btree ("applicant_id","created_at");