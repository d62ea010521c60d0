-- When an order was delivered (issue 40): its key opens it for the return window after that, and
-- then only a fresh link sent to the buyer's contact does. Orders delivered before this column
-- existed take their last change as the time, the closest the table knows.
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "fulfilment" = 'DELIVERED';
