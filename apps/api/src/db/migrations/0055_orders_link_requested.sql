-- "Send me the link again" (issue 40): a buyer on a device without the order's key asks for its
-- link, which goes only to the contact given at checkout; at most once per ten minutes per order.
ALTER TABLE "orders" ADD COLUMN "link_requested_at" timestamp with time zone;
