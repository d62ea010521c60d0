-- Issue 38, decision 051: each account keeps its delivery addresses, one of them the default that
-- checkout pre-fills instead of the spec's "NA" and pincode 100000.
CREATE TABLE "saved_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"house_no" text NOT NULL,
	"street" text NOT NULL,
	"landmark" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"pin_code" text NOT NULL,
	"mobile" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "saved_addresses_user_idx" ON "saved_addresses" ("user_id","created_at");--> statement-breakpoint
-- At most one default per account.
CREATE UNIQUE INDEX "saved_addresses_one_default" ON "saved_addresses" ("user_id") WHERE "is_default";--> statement-breakpoint
-- An order placed with the spec's "NA" when the buyer had no address to put in its place is stored
-- without a place (its pincode ''): it waits for the buyer's address, and the seller cannot dispatch
-- it until then. Derived from the address itself, so the two can never disagree.
ALTER TABLE "orders" ADD COLUMN "address_needed" boolean GENERATED ALWAYS AS (coalesce("address"->>'pinCode', '') = '') STORED NOT NULL;
