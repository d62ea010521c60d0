-- The courier and tracking number a seller gives when dispatching: the buyer's message and order page show them.
ALTER TABLE "orders" ADD COLUMN "courier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;
