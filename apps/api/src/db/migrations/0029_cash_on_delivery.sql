-- Totals before paying and cash on delivery (issue 23, decision 032). An order's amount includes
-- its delivery charge, kept beside it; a cash-on-delivery order waits for the seller's acceptance
-- (its hold_expires_at is the 48-hour deadline) and is paid at the door. Existing orders were
-- paid online (or needed no payment) and had no delivery charge: the defaults say so.
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'ONLINE' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_charge" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("payment_method" IN ('ONLINE', 'COD'));
--> statement-breakpoint
-- The sweep of cash-on-delivery orders not accepted in time reads only these rows.
CREATE INDEX "orders_cod_pending_idx" ON "orders" USING btree ("hold_expires_at")
  WHERE "orders"."stock_held" and "orders"."payment_state" = 'COD_PENDING';
--> statement-breakpoint
-- One row per seller (one store each); no row means free delivery and online payment only.
CREATE TABLE "delivery_terms" (
	"seller_user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"delivery_charge" integer DEFAULT 0 NOT NULL,
	"free_delivery_from" integer,
	"cod_enabled" boolean DEFAULT false NOT NULL,
	"cod_max_amount" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_terms_amounts" CHECK ("delivery_charge" >= 0 and coalesce("free_delivery_from", 1) > 0 and coalesce("cod_max_amount", 1) > 0)
);
--> statement-breakpoint
-- Where a cash-on-delivery refund is paid (the buyer's UPI id or bank account) and the seller's
-- record of paying it; the refund is a refunds row with method PAYOUT (decision 030).
CREATE TABLE "refund_payouts" (
	"refund_id" text PRIMARY KEY NOT NULL REFERENCES "refunds"("id") ON DELETE cascade,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" text REFERENCES "users"("id") ON DELETE set null
);
