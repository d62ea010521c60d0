-- Privacy under the DPDP Act 2023 (issue 26, decision 040).
-- A consent record per sign-up and per contribution made without an account: purpose, time, the
-- notice version the client showed and the "18 or older" confirmation (null: the client did not ask).
CREATE TABLE "consent_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE set null,
	"purpose" text NOT NULL,
	"subject_id" text,
	"text_version" text,
	"adult_confirmed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_purpose" CHECK ("purpose" IN ('sign-up', 'post', 'query', 'order'))
);
--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","created_at");
--> statement-breakpoint
-- Every request to delete an account, carried out or refused, for the admin's list. The account is
-- named only masked: the request outlives the contact data it removed.
CREATE TABLE "deletion_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE set null,
	"account" text NOT NULL,
	"role" text NOT NULL,
	"via" text NOT NULL,
	"contributions" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deletion_requests_via" CHECK ("via" IN ('session', 'code')),
	CONSTRAINT "deletion_requests_contributions" CHECK ("contributions" IN ('remove', 'anonymise')),
	CONSTRAINT "deletion_requests_state" CHECK ("state" IN ('completed', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "deletion_requests_requested_idx" ON "deletion_requests" USING btree ("requested_at");
--> statement-breakpoint
-- A deleted account keeps its row (orders, tax documents and ledgers point at it) without contact data.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
