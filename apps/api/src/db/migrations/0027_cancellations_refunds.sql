-- Cancellations and refunds (issue 23, decision 030). A purposeful cancellation records who, when
-- and why; an unpaid hold that ran out keeps these null (payment state CANCELLED only).
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by_user_id" text REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_known"
  CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('buyer', 'seller', 'admin', 'system'));
--> statement-breakpoint
-- One row per refund asked for. Its id is the provider's refund_id (ours, so a retry is the same
-- refund); amounts are paise. PENDING and SUCCESS rows count against what was paid.
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"method" text DEFAULT 'PROVIDER' NOT NULL,
	"provider" text,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"cf_refund_id" text,
	"provider_status" text,
	"status_description" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("amount_paise" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("status" IN ('PENDING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "refunds_actor_known" CHECK ("actor" IN ('buyer', 'seller', 'admin', 'system'))
);
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","requested_at");
--> statement-breakpoint
-- The sweep that asks the provider about refunds still open reads only these rows.
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("requested_at") WHERE "status" = 'PENDING';
